// /timeline (issue 27, decision 066) in Chromium on the product as `npm start` serves it: a care coordinator opens
// a patient, follows "Timeline", adds a call log ('Call log added successfully!') and finds it among
// the access log's reads of the patient; the kind filter goes to the URL; axe finds nothing serious.
import { MESSAGES } from '@carelane/shared-domain';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, goInApp, signIn, test } from '../support/fixtures';
import { pickOption } from '../support/select';

const COORDINATOR = 'coordinator@carelane.local';

test('a coordinator adds a call log to a patient’s timeline and finds it with the reads of the patient', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, COORDINATOR);
  const patients = await request.get(`${baseUrl()}/api/admin/patients?pageSize=1`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const patientId = ((await patients.json()) as { rows: { id: number }[] }).rows[0]!.id;
  const said = `Daughter confirmed the Tuesday visit (${Date.now()})`;

  await signIn(page, COORDINATOR);
  await goInApp(page, `/patient?id=${patientId}`);
  await page.getByRole('link', { name: 'Timeline' }).click();
  await expect(page).toHaveURL(new RegExp(`/timeline\\?patientId=${patientId}`));
  await expect(page.getByText(/^Timeline of .+ \(patient\)$/)).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Add call log' }).click();
  const dialog = page.getByRole('dialog');
  await pickOption(page, /Direction$/, 'Outgoing', { within: dialog });
  await dialog.getByLabel('Contact').fill('Daughter');
  await dialog.getByLabel('Text').fill(said);
  await dialog.getByRole('button', { name: 'Add call log' }).click();
  await expect(page.getByText(MESSAGES.callLogAdded)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Newest first: the call log, then (or after the reads its own writing and reading made) what came before.
  const table = page.getByRole('table');
  const call = table.getByRole('row').filter({ hasText: said });
  await expect(call).toContainText('Outgoing call with Daughter');
  await expect(table.getByText('Read: Patient timeline').first()).toBeVisible();

  // A multiple select stays open after a pick: pick, then close it with Escape.
  await page.getByRole('combobox', { name: 'Kinds' }).click();
  await page.locator('.ant-select-item-option:visible', { hasText: 'Call logs' }).click();
  await expect(page).toHaveURL(/[?&]kinds=callLog/);
  await page.keyboard.press('Escape');
  await expect(table.getByText('Patient access log')).toHaveCount(0);
  await expectAccessible(page, '/timeline');
});
