import { GazetteerProvider, parseAddressQuery } from './providers';

describe('parseAddressQuery', () => {
  const stateCode = (text: string) =>
    ({ TX: 'TX', TEXAS: 'TX', MN: 'MN' })[text.trim().toUpperCase()] as string | undefined;
  it.each([
    ['7870', { street: '', zipcode: '7870' }],
    ['78701-1234', { street: '', zipcode: '78701' }],
    ['Austin', { street: '', city: 'Austin' }],
    ['Austin TX', { street: '', city: 'Austin', state: 'TX', zipcode: undefined }],
    ['Austin, Texas', { street: '', city: 'Austin', state: 'TX', zipcode: undefined }],
    ['12 Main St, Austin', { street: '12 Main St', city: 'Austin', state: undefined, zipcode: undefined }],
    ['12 Main St, Austin, TX 78701', { street: '12 Main St', city: 'Austin', state: 'TX', zipcode: '78701' }],
    ['12 Main St, 78701', { street: '12 Main St', state: undefined, zipcode: '78701' }],
    ['512 Congress Ave', { street: '512 Congress Ave' }],
    ['100 Main St Austin', { street: '100 Main St Austin' }],
    ['512 Congress Ave TX 78701', { street: '512 Congress Ave', state: 'TX', zipcode: '78701' }],
    [
      'Apt 4, 12  Main St, Fort Worth',
      { street: 'Apt 4, 12 Main St', city: 'Fort Worth', state: undefined, zipcode: undefined },
    ],
  ])('%p', (text, expected) => {
    expect(parseAddressQuery(text, stateCode)).toEqual(expected);
  });
});

describe('GazetteerProvider ranking', () => {
  const provider = new GazetteerProvider();
  const austinTx = { zipcode: '78701', latitude: 30.2711, longitude: -97.7437 };
  const austinMn = { zipcode: '55912', latitude: 43.67, longitude: -92.97 };
  const places = (found: { city: string; state: string }[]) => found.map((s) => `${s.city}, ${s.state}`);

  it("puts the organization's state first, then the nearest", async () => {
    const nearTexas = places(await provider.autocomplete('Austin', 8, austinTx));
    expect(nearTexas[0]).toBe('Austin, TX');
    expect(new Set(nearTexas).size).toBe(8);
    const nearMinnesota = places(await provider.autocomplete('Austin', 8, austinMn));
    expect(nearMinnesota[0]).toBe('Austin, MN');
    expect(nearMinnesota).not.toContain('Austin, TX'); // seven other Austins are nearer
  });

  it('answers a street alone with the ZIP codes nearest the organization', async () => {
    const found = await provider.autocomplete('512 Congress Ave', 8, austinTx);
    expect(found).toHaveLength(8);
    expect(found[0]).toMatchObject({
      addressLine1: '512 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
    });
    for (const s of found) expect(s).toMatchObject({ addressLine1: '512 Congress Ave', state: 'TX' });
    expect(found[0]!.label).toBe('512 Congress Ave, Austin, TX 78701');
    expect(await provider.autocomplete('512 Congress Ave', 8, null)).toEqual([]);
  });

  it('keeps a partial street whole, near the organization: "1100 S Lamar" is no street "1100 S" in Lamar, OK', async () => {
    for (const typed of ['1100 S Lamar', '1100 South Lamar']) {
      const found = await provider.autocomplete(typed, 8, austinTx);
      expect(found).toHaveLength(8);
      for (const s of found) expect(s).toMatchObject({ addressLine1: typed, state: 'TX' });
      expect(found[0]!.label).toBe(`${typed}, Austin, TX 78701`);
    }
    // A city of another state at the end of a street is not read as the city: the street stays whole, in TX.
    const denver = await provider.autocomplete('100 Main St Denver', 8, austinTx);
    expect(denver[0]).toMatchObject({ addressLine1: '100 Main St Denver', state: 'TX' });
    // With a comma the city is meant: any state.
    const meant = await provider.autocomplete('100 Main St, Denver', 8, austinTx);
    expect(meant[0]).toMatchObject({ addressLine1: '100 Main St', city: expect.stringMatching(/^Denver/) });
    expect(places(meant)).toContain('Denver, CO');
  });

  it('reads a city named at the end of a street without a comma', async () => {
    const found = await provider.autocomplete('100 Main St Round Rock', 8, austinTx);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatchObject({ addressLine1: '100 Main St', city: 'Round Rock', state: 'TX' });
  });
});
