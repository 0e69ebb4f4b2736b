// The SQL predicate and shared-domain's rule agree, on worked dates, for every kind of credential row.
import { eq, sql } from 'drizzle-orm';
import { providers } from '../db/schema';
import { describeEachDatabase } from '../test/harness';
import { freshPoint, makeProvider } from '../modules/scheduling/matching/test-fixtures';
import { credentialGapsOfProvider, fullyCredentialedOnSql } from './credentials-at-date';

const DATES = ['2030-05-31', '2030-06-01', '2030-06-03', '2030-06-04', '2030-06-10', '2031-01-01'];

describeEachDatabase('credentials at a date: SQL predicate and shared rule', (server) => {
  let licenceType = 0;
  beforeAll(async () => {
    const [row] = await server().sql<{ id: number }>(
      `select id from credential_types where name = 'Licence or certification'`,
    );
    licenceType = row!.id;
  });

  async function verdicts(providerId: number) {
    const db = server().services.db;
    const out: Record<string, [boolean, boolean]> = {};
    for (const date of DATES) {
      const [row] = await db
        .select({ ok: sql<boolean>`${fullyCredentialedOnSql(providers.id, providers.providerTypeId, date)}` })
        .from(providers)
        .where(eq(providers.id, providerId));
      const gaps = await credentialGapsOfProvider(db, { id: providerId, providerTypeId: 1 }, date);
      out[date] = [row!.ok, gaps.length === 0];
    }
    return out;
  }
  const expectBoth = (v: Record<string, [boolean, boolean]>, expected: Record<string, boolean>) => {
    for (const date of DATES) expect([date, ...v[date]!]).toEqual([date, expected[date], expected[date]]);
  };

  async function provider(licence: string | null) {
    const id = await makeProvider(server(), { point: freshPoint() });
    await server().sql(
      `delete from provider_credentials where provider_id = $1 and credential_type_id = $2`,
      [id, licenceType],
    );
    if (licence)
      await server().sql(
        `insert into provider_credentials (provider_id, credential_type_id, status, issued_on, expires_on) values ${licence}`
          .replaceAll('$P', String(id))
          .replaceAll('$T', String(licenceType)),
      );
    return id;
  }

  it('counts an approved licence from its issue date through its expiry date', async () => {
    const id = await provider(`($P, $T, 'Approved', '2030-06-01', '2030-06-03')`);
    expectBoth(await verdicts(id), {
      '2030-05-31': false,
      '2030-06-01': true,
      '2030-06-03': true,
      '2030-06-04': false,
      '2030-06-10': false,
      '2031-01-01': false,
    });
  });

  it('an Expired licence still covers the dates before its expiry; open ends always count', async () => {
    const id = await provider(`($P, $T, 'Expired', null, '2030-06-03')`);
    expectBoth(await verdicts(id), {
      '2030-05-31': true,
      '2030-06-01': true,
      '2030-06-03': true,
      '2030-06-04': false,
      '2030-06-10': false,
      '2031-01-01': false,
    });
  });

  it('a licence in review, rejected or missing never counts; an approved renewal covers after the old one', async () => {
    const none = Object.fromEntries(DATES.map((d) => [d, false]));
    expectBoth(await verdicts(await provider(`($P, $T, 'InReview', '2030-01-01', '2031-06-01')`)), none);
    expectBoth(await verdicts(await provider(`($P, $T, 'Rejected', '2030-01-01', '2031-06-01')`)), none);
    expectBoth(await verdicts(await provider(null)), none);
    const renewed = await provider(
      `($P, $T, 'Expired', '2029-01-01', '2030-06-03'), ($P, $T, 'Approved', '2030-06-10', '2032-01-01')`,
    );
    expectBoth(await verdicts(renewed), {
      '2030-05-31': true,
      '2030-06-01': true,
      '2030-06-03': true,
      '2030-06-04': false,
      '2030-06-10': true,
      '2031-01-01': true,
    });
  });

  it('an inactive credential type is not required by either', async () => {
    const id = await provider(null);
    await server().sql(`update credential_types set active = false where id = $1`, [licenceType]);
    try {
      expectBoth(await verdicts(id), Object.fromEntries(DATES.map((d) => [d, true])));
    } finally {
      await server().sql(`update credential_types set active = true where id = $1`, [licenceType]);
    }
  });
});
