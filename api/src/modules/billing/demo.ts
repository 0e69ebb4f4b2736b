// The billing part of the demo (a new database only, after the demo seed): bank accounts for the clinicians who
// have approved visits, an invoice run for the visits of 20 to 60 days ago, and one NACHA file paying one
// clinician, all made by the administrator through the billing services themselves. The recent approved visits
// stay unbilled and Ready For Export, for a user to bill and pay. Once: a database with a NACHA file is left as it is.
import { BILLABLE_VISIT_STATUSES, DEFAULT_ROLE_PRIVILEGES, ROLE } from '@carelane/shared-domain';
import dayjs from 'dayjs';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { nachaFiles, users, visits } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { localIsoDate } from '../../lib/local-date';
import type { BillingServices } from './access';
import type { RequestContext } from '../../services/context';
import { saveBankAccount } from './bank-accounts/service';
import { createInvoices } from './invoices/service';
import { releaseNachaFile } from './provider-payments/service';

const DEMO_ADMIN = 'admin@carelane.local';
const DEMO_CLINICIAN = 'clinician@carelane.local';
/** Valid routing numbers (check digits) of real banks, with made-up account numbers. */
const DEMO_ROUTING = ['021000021', '011000015', '122105278', '026009593'];

export async function seedBillingDemo(services: BillingServices): Promise<void> {
  const db = services.db;
  const [admin] = await db.select().from(users).where(eq(users.emailId, DEMO_ADMIN));
  const [billed] = await db.select({ id: nachaFiles.id }).from(nachaFiles).limit(1);
  if (!admin || billed) return;
  const ctx: RequestContext = {
    ip: null,
    actor: {
      userId: admin.id,
      emailId: admin.emailId,
      roleId: ROLE.ADMINISTRATOR,
      referralSourceId: null,
      privileges: DEFAULT_ROLE_PRIVILEGES[ROLE.ADMINISTRATOR] ?? {},
      sessionId: 0,
      impersonatorId: null,
      changePassword: false,
    },
  };
  const payable = await db
    .selectDistinct({ providerId: visits.providerId })
    .from(visits)
    .where(and(inArray(visits.status, [...BILLABLE_VISIT_STATUSES]), isNotNull(visits.providerId)))
    .orderBy(asc(visits.providerId));
  for (const [index, { providerId }] of payable.entries())
    await saveBankAccount(services, ctx, providerId!, {
      routingNumber: DEMO_ROUTING[index % DEMO_ROUTING.length]!,
      accountNumber: String(40_000_000 + providerId! * 7919),
      accountType: index % 3 === 2 ? 'savings' : 'checking',
    });

  const today = dayjs(localIsoDate(new Date()));
  await createInvoices(services, ctx, {
    periodStart: today.subtract(60, 'day').format('YYYY-MM-DD'),
    periodEnd: today.subtract(20, 'day').format('YYYY-MM-DD'),
  }).catch(ignoreNothingToDo);

  // One released file: the older approved visits of a clinician other than the demo clinician.
  const [demoClinician] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailId, DEMO_CLINICIAN));
  const toPay = await db
    .select({ id: visits.id, providerId: visits.providerId })
    .from(visits)
    .where(
      and(
        inArray(visits.status, [...BILLABLE_VISIT_STATUSES]),
        isNotNull(visits.providerId),
        sql`${visits.providerId} not in (select id from providers where user_id = ${demoClinician?.id ?? 0})`,
        sql`${visits.dateOfService} <= ${today.subtract(10, 'day').format('YYYY-MM-DD')}`,
      ),
    )
    .orderBy(asc(visits.providerId), asc(visits.id));
  const first = toPay[0]?.providerId;
  const visitIds = toPay.filter((v) => v.providerId === first).map((v) => v.id);
  if (visitIds.length) await releaseNachaFile(services, ctx, { visitIds }).catch(ignoreNothingToDo);
}

/** A demo step with nothing to do (no billable visit, no rate) is skipped. */
function ignoreNothingToDo(error: unknown) {
  if (error instanceof AppError && error.statusCode === 400) return undefined;
  throw error;
}
