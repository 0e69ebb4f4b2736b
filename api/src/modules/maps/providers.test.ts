import { loadGazetteer } from './gazetteer';
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
    [
      'Apt 4, 12  Main St, Fort Worth',
      { street: 'Apt 4, 12 Main St', city: 'Fort Worth', state: undefined, zipcode: undefined },
    ],
  ])('%p', (text, expected) => {
    expect(parseAddressQuery(text, stateCode)).toEqual(expected);
  });
});

describe('GazetteerProvider speed', () => {
  it('answers a suggestion search with p95 well under 20 ms once loaded', async () => {
    const provider = new GazetteerProvider();
    await loadGazetteer();
    const texts = [
      '7',
      '75',
      'San',
      'Fort W',
      '100',
      'Hou',
      '1 Main St, Austin',
      'Dal',
      '9',
      'New',
      'Spring, TX',
    ];
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await provider.autocomplete(texts[i % texts.length]!, 8);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length * 0.95)]).toBeLessThan(5);
  });
});
