// Billing and pay (issue 13), the whole loop in Chromium. An approved visit of the demo clinician is waiting in
// unbilled visits; the back office bills its organization's week (one invoice, its PDF holding each line and the
// total), emails the invoice, records a partial payment and applies it; the invoice shows what is still owed and
// AR health moves by exactly that. The clinician sees the visit's pay Ready For Export; a fine the back office
// adds is contested by the clinician and removed by the back office. The back office exports the pay as a NACHA
// file, which passes the validator, and the clinician sees the pay Exported; it cannot be exported again.
// axe finds no serious or critical violation on any page visited.
import fs from 'node:fs';
import { formatCents, formatDate, validateNachaFile } from '@carelane/shared-domain';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, signIn, test } from '../support/fixtures';

const ADMIN = 'admin@carelane.local';
const BACK_OFFICE = 'backoffice@carelane.local';
const CLINICIAN = 'clinician@carelane.local';

type Headers = { Authorization: string };
type UnbilledRow = {
  visitId: number;
  dateOfService: string;
  referralSourceId: number;
  organizationName: string;
  patientName: string;
  problem: string | null;
  amountCents: number;
  serviceTaxCents: number;
};
type PayRow = {
  visitId: number;
  providerId: number;
  clinicianName: string;
  patientName: string;
  dateOfService: string;
  status: string;
  problem: string | null;
  hasBankAccount: boolean;
};

async function getJson<T>(request: APIRequestContext, path: string, headers: Headers): Promise<T> {
  const response = await request.get(`${baseUrl()}${path}`, { headers });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

async function headersOf(request: APIRequestContext, emailId: string): Promise<Headers> {
  return { Authorization: `Bearer ${await apiToken(request, emailId)}` };
}

async function newSignedInPage(
  browser: Browser,
  emailId: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page, emailId);
  return { context, page };
}

const shiftDay = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The strings a jspdf page draws ("(text) Tj"; its streams are not compressed), unescaped. */
const drawnStrings = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) =>
    m[1]!.replace(/\\([()\\])/g, '$1'),
  );
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test('a week is billed, emailed, partly paid and aged; the clinician is paid by a NACHA file', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const admin = await headersOf(request, ADMIN);
  const clinician = await headersOf(request, CLINICIAN);

  // An approved, unbilled visit of the demo clinician whose pay can be exported (the demo seeds a bank account).
  const pay = await getJson<{ rows: PayRow[] }>(
    request,
    '/api/operation/providerPayments?pageSize=100',
    clinician,
  );
  const unbilled = await getJson<{ rows: UnbilledRow[] }>(
    request,
    '/api/operation/unbilledVisits?pageSize=100',
    admin,
  );
  const payable = new Map(pay.rows.filter((p) => !p.problem && p.hasBankAccount).map((p) => [p.visitId, p]));
  const target = unbilled.rows
    .filter((u) => !u.problem && payable.has(u.visitId))
    .sort((a, b) => b.dateOfService.localeCompare(a.dateOfService))[0];
  expect(target, 'an approved, unbilled visit of the demo clinician').toBeDefined();
  const targetPay = payable.get(target!.visitId)!;
  const org = target!.referralSourceId;
  const periodEnd = target!.dateOfService;
  const periodStart = shiftDay(periodEnd, -6);
  const week = (
    await getJson<{ rows: UnbilledRow[] }>(
      request,
      `/api/operation/unbilledVisits?referralSourceId=${org}&startDate=${periodStart}&endDate=${periodEnd}&pageSize=100`,
      admin,
    )
  ).rows.filter((row) => !row.problem);
  expect(week.map((row) => row.visitId)).toContain(target!.visitId);
  type Aging = { rows: { referralSourceId: number; totalCents: number }[] };
  const agingOf = async () =>
    (
      await getJson<Aging>(request, `/api/operation/reports/arHealth?referralSourceId=${org}`, admin)
    ).rows.find((row) => row.referralSourceId === org)?.totalCents ?? 0;
  const owedBefore = await agingOf();

  const staff = await newSignedInPage(browser, BACK_OFFICE);
  const page = staff.page;

  // Unbilled visits: the week's approved visits of the organization, priced.
  await page.goto(`/unbilledvisits?referralSourceId=${org}&from=${periodStart}&to=${periodEnd}`);
  const unbilledTable = page.getByRole('table', { name: 'Unbilled visits' });
  await expect(unbilledTable.getByRole('row').filter({ hasText: target!.patientName }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(unbilledTable.locator('tbody tr.ant-table-row')).toHaveCount(week.length);
  await expectAccessible(page, 'unbilled visits');

  // Create the week's invoice of that organization only.
  await page.getByRole('button', { name: 'Create invoices' }).click();
  const create = page.getByRole('dialog', { name: 'Create invoices' });
  await expect(create.getByRole('radio', { name: /only$/ })).toBeChecked();
  await create.getByRole('button', { name: 'Create invoices' }).click();
  await expect(create.getByRole('status')).toContainText('1 invoice created.');
  const created = create.getByRole('list', { name: 'Invoices created' }).getByRole('link');
  await expect(created).toHaveCount(1);
  const number = (await created.innerText()).trim();
  expect(number).toMatch(/^INV-\d+$/);
  await created.click();

  // The invoice: its lines are the week's visits; the PDF holds each line and the total.
  const drawer = page.getByRole('dialog', { name: `Invoice ${number}` });
  await expect(drawer).toBeVisible({ timeout: 30_000 });
  const invoices = await getJson<{ rows: { id: number; number: string; totalCents: number }[] }>(
    request,
    `/api/operation/invoices?referralSourceId=${org}&pageSize=100`,
    admin,
  );
  const invoice = invoices.rows.find((row) => row.number === number)!;
  expect(invoice).toBeDefined();
  const detail = await getJson<{
    lines: { visitId: number; amountCents: number; serviceTaxCents: number }[];
    totalCents: number;
  }>(request, `/api/operation/invoices/${invoice.id}`, admin);
  expect(detail.lines.map((line) => line.visitId).sort()).toEqual(week.map((row) => row.visitId).sort());
  for (const row of week) {
    const line = detail.lines.find((l) => l.visitId === row.visitId)!;
    expect([line.amountCents, line.serviceTaxCents]).toEqual([row.amountCents, row.serviceTaxCents]);
  }
  const total = detail.totalCents;
  expect(total).toBeGreaterThan(100);
  await expect(drawer.getByRole('region', { name: 'Totals' })).toContainText(formatCents(total));
  await expectAccessible(page, 'the invoice drawer');

  const actions = drawer.getByRole('group', { name: `Actions on ${number}` });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    actions.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const drawn = drawnStrings(pdf);
  expect(drawn).toContain(number);
  expect(drawn).toContain(formatCents(total));
  for (const row of week) {
    expect(drawn).toContain(formatDate(row.dateOfService));
    expect(drawn).toContain(formatCents(row.amountCents));
  }
  const [viewer] = await Promise.all([
    staff.context.waitForEvent('page'),
    actions.getByRole('button', { name: 'Open PDF' }).click(),
  ]);
  expect(viewer.url()).toMatch(/^blob:/);
  await viewer.close();

  // Email it: sent through the outbox with the PDF attached.
  await actions.getByRole('button', { name: 'Email' }).click();
  await expect(toast(page, '1 invoice sent by email.')).toBeVisible();
  await expect(drawer).toContainText('Emailed');

  // A partial payment, recorded and applied to the invoice.
  const partial = Math.floor(total / 2);
  await actions.getByRole('button', { name: 'Record payment' }).click();
  const payment = page.getByRole('dialog', { name: `Record a payment for ${number}` });
  await payment.getByLabel('Reference').fill('CHK-4471');
  await payment.getByLabel('Amount', { exact: true }).fill((partial / 100).toFixed(2));
  await expect(payment.getByLabel('Amount to apply')).toHaveValue((partial / 100).toFixed(2));
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, 'Payment added successfully.')).toBeVisible();
  await expect(toast(page, 'Payment applied.')).toBeVisible();
  await expect(payment).toBeHidden();
  const totals = drawer.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText(formatCents(total - partial));
  await expect(drawer.getByRole('region', { name: 'Payments applied' })).toContainText('CHK-4471');
  await expect(drawer).toContainText('Partially paid');
  await page.keyboard.press('Escape');

  // AR health: the organization now owes the invoice less the payment more than before.
  await page.goto(`/ARHealth?referralSourceId=${org}`);
  const aging = page.getByRole('table', { name: 'Receivables aging by organization' });
  await expect(aging.getByRole('row').filter({ hasText: target!.organizationName }).first()).toContainText(
    formatCents(owedBefore + total - partial),
    { timeout: 30_000 },
  );
  expect(await agingOf()).toBe(owedBefore + total - partial);
  await expectAccessible(page, 'AR health');

  // The clinician's pay for the visit is Ready For Export.
  const own = await newSignedInPage(browser, CLINICIAN);
  await own.page.goto('/providerpayments');
  const yourPay = own.page.getByRole('table', { name: 'Your pay' });
  const payRow = yourPay
    .getByRole('row')
    .filter({ hasText: formatDate(target!.dateOfService) })
    .filter({
      hasText: target!.patientName,
    });
  await expect(payRow.first()).toContainText('Ready For Export', { timeout: 30_000 });
  await expectAccessible(own.page, "the clinician's pay");

  // A fine: added by the back office, contested by the clinician, removed by the back office.
  const reason = `Late notes on visit ${target!.visitId}`;
  await page.goto(`/providerpayments?providerId=${targetPay.providerId}&tab=fines`);
  await page.getByRole('button', { name: 'Add fine' }).click();
  const addFine = page.getByRole('dialog', { name: 'Add a fine' });
  // The Visit picker lists the clinician's visits that can be fined: date, patient (or shift) and status.
  const visitText = `${formatDate(target!.dateOfService)}, ${target!.patientName || 'shift'} (`;
  await addFine.getByLabel('Visit (optional)').click();
  await addFine.getByLabel('Visit (optional)').fill(visitText.slice(0, -2));
  await page.locator('.ant-select-item-option').filter({ hasText: visitText }).first().click();
  await addFine.getByLabel('Amount').fill('25.00');
  await addFine.getByLabel('Reason').fill(reason);
  await addFine.getByRole('button', { name: 'Add fine' }).click();
  await expect(toast(page, 'Fine added.')).toBeVisible();
  const staffFine = page.getByRole('table', { name: 'Fines' }).getByRole('row').filter({ hasText: reason });
  await expect(staffFine).toContainText('Active');
  await expectAccessible(page, 'fines');

  await own.page.goto('/providerpayments?tab=fines');
  const ownFine = own.page
    .getByRole('table', { name: 'Your fines' })
    .getByRole('row')
    .filter({ hasText: reason });
  await ownFine.getByRole('button', { name: /^Contest/ }).click();
  const contest = own.page.getByRole('dialog', { name: 'Contest this fine?' });
  await contest
    .getByLabel('Why you contest it')
    .fill('The notes were submitted on time; the tablet was offline.');
  await contest.getByRole('button', { name: 'Contest fine' }).click();
  await expect(toast(own.page, 'Fine contested.')).toBeVisible();
  await expect(ownFine).toContainText('Contested');

  await page.reload();
  await expect(staffFine).toContainText('Contested', { timeout: 30_000 });
  await staffFine.getByRole('button', { name: /^Remove/ }).click();
  const remove = page.getByRole('dialog', { name: 'Remove this fine?' });
  await remove.getByLabel('Why it is removed').fill('Offline sync confirmed: the notes were on time.');
  await remove.getByRole('button', { name: 'Remove fine' }).click();
  await expect(toast(page, 'Fine removed.')).toBeVisible();
  await expect(staffFine).toContainText('Removed');

  // The NACHA file: the visit's pay exported, the file validated, the pay Exported and never exported again.
  await page.goto(`/nachaFile?providerId=${targetPay.providerId}`);
  await page
    .getByRole('checkbox', {
      name: `Select the pay of ${targetPay.clinicianName} for ${target!.patientName} on ${formatDate(target!.dateOfService)}`,
    })
    .check({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Export 1 payment' }).click();
  await page
    .getByRole('dialog', { name: 'Export 1 payment?' })
    .getByRole('button', { name: 'Export' })
    .click();
  await expect(page.getByText('NACHA file released: 1 payment exported.').first()).toBeVisible();
  await expectAccessible(page, 'the NACHA file');

  const files = await getJson<{ rows: { id: number }[] }>(request, '/api/operation/nachaFiles', admin);
  const newest = Math.max(...files.rows.map((file) => file.id));
  const text = await request.get(`${baseUrl()}/api/operation/nachaFiles/${newest}`, { headers: admin });
  expect(text.status()).toBe(200);
  const check = validateNachaFile(await text.text());
  expect(check).toMatchObject({ ok: true, summary: { entryCount: 1 } });

  await own.page.goto('/providerpayments?status=Exported');
  await expect(payRow.first()).toContainText('Exported', { timeout: 30_000 });
  const again = await request.post(`${baseUrl()}/api/operation/nachaFiles`, {
    headers: admin,
    data: { visitIds: [target!.visitId] },
  });
  expect([400, 409]).toContain(again.status());

  await own.context.close();
  await staff.context.close();
});
