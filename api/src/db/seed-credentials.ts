// The credential catalogue every database starts with (administrators edit it later), and the demo clinicians'
// credentials. The demo's credentials follow each clinician's seeded credential state without drawing from the
// scheduling seed's random sequence (so the rest of the demo stays as it was).
import { eq, sql } from 'drizzle-orm';
import { PROVIDER_TYPES } from '@carelane/shared-domain';
import type { Db, Tx } from './client';
import { credentialRequirements, credentialTypes, providerCredentials } from './schema';

type CatalogueEntry = {
  name: string;
  category: string;
  expires: boolean;
  /** Required to be fully credentialed, by every provider type but `notRequiredBy`; the rest are kept on file. */
  required?: boolean;
  notRequiredBy?: readonly string[];
};

/**
 * The seeded catalogue: twelve credential types. Three are required of every clinician (the licence, the CPR/BLS
 * card but for social workers, the background check); the others are kept on file, with their expiry warnings.
 * Administrators change which types each provider type requires.
 */
export const CREDENTIAL_CATALOGUE: readonly CatalogueEntry[] = [
  { name: 'Licence or certification', category: 'Licence', expires: true, required: true },
  { name: 'CPR/BLS card', category: 'Health', expires: true, required: true, notRequiredBy: ['MSW'] },
  { name: 'TB test', category: 'Health', expires: true },
  { name: 'Physical examination', category: 'Health', expires: true },
  { name: 'Vaccinations', category: 'Health', expires: false },
  { name: 'Background check', category: 'Background', expires: false, required: true },
  { name: "Driver's licence", category: 'Background', expires: true },
  { name: 'Auto insurance', category: 'Insurance', expires: true },
  { name: 'Professional liability insurance', category: 'Insurance', expires: true },
  { name: 'I-9', category: 'Employment', expires: false },
  { name: 'W-9', category: 'Employment', expires: false },
  { name: 'References', category: 'Employment', expires: false },
];

/** The catalogue and which provider types require each, on a database that has none yet. */
export async function seedCredentialCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(credentialTypes);
    if (n > 0) return;
    const rows = await tx
      .insert(credentialTypes)
      .values(CREDENTIAL_CATALOGUE.map(({ name, category, expires }) => ({ name, category, expires })))
      .returning({ id: credentialTypes.id, name: credentialTypes.name });
    await tx.insert(credentialRequirements).values(
      CREDENTIAL_CATALOGUE.flatMap((entry, i) =>
        PROVIDER_TYPES.filter((t) => entry.required && !entry.notRequiredBy?.includes(t.type)).map((t) => ({
          providerTypeId: t.id,
          credentialTypeId: rows[i]!.id,
        })),
      ),
    );
  });
}

const dayOf = (now: number, days: number) => new Date(now + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Credentials of the demo clinicians, every type on file, by their credential state: 3 holds them all approved
 * (the earliest expiry 45 days out, so the demo's visits stay staffable); 1 has the licence in review and the
 * references missing; 5 (inactive) let their licence expire 20 days ago.
 */
export async function seedDemoCredentials(
  tx: Tx,
  clinicians: readonly { id: number; providerTypeId: number; credentialState: number }[],
  now: number,
): Promise<void> {
  const types = await tx
    .select({ id: credentialTypes.id, name: credentialTypes.name, expires: credentialTypes.expires })
    .from(credentialTypes)
    .where(eq(credentialTypes.active, true));
  const rows = clinicians.flatMap((c) =>
    types.flatMap((r) => {
      const spread = (c.id * 37 + r.id * 11) % 600;
      const licence = r.name === 'Licence or certification';
      if (c.credentialState === 1 && r.name === 'References') return [];
      const base = {
        providerId: c.id,
        credentialTypeId: r.id,
        number: licence ? `TX-${100000 + c.id * 13}` : null,
        issuingState: licence || r.name === "Driver's licence" ? 'TX' : null,
        issuedOn: dayOf(now, -400 - spread),
        expiresOn: r.expires ? dayOf(now, 45 + spread) : null,
        status: 'Approved',
      };
      if (c.credentialState === 1 && licence) return [{ ...base, status: 'InReview' }];
      if (c.credentialState === 5 && licence)
        return [{ ...base, expiresOn: dayOf(now, -20), status: 'Expired' }];
      return [base];
    }),
  );
  for (let i = 0; i < rows.length; i += 500)
    await tx.insert(providerCredentials).values(rows.slice(i, i + 500));
}
