// The intake assistant in Chromium (issue 28, decision 069): a care coordinator pastes an organization's request
// email on /assistant, sees each value's evidence marked and the draft filled into the patient and service request
// forms, fixes the misspelt last name, creates; the patient, the service request and its visits exist with the
// email's data. Once today's visit has passed unstaffed and expired, the drafted reply lists the other visits and
// leaves the Expired one out; the coordinator sends it through the outbox.
import { expectAccessible } from '../support/axe';
import { expect, signIn, test } from '../support/fixtures';
import { pickOption } from '../support/select';

const ZONE = 'America/Chicago';
/** A day on the organization's calendar, `days` from today: [M/D, M/D/YYYY, 'Mon, 7 Dec 2026']. */
function day(days: number): { short: string; long: string; header: string } {
  const at = new Date(Date.now() + days * 86_400_000);
  const part = (options: Intl.DateTimeFormatOptions) =>
    at.toLocaleString('en-US', { timeZone: ZONE, ...options });
  const short = part({ month: 'numeric', day: 'numeric' });
  const year = part({ year: 'numeric' });
  const header = `${part({ weekday: 'short' })}, ${part({ day: 'numeric' })} ${part({ month: 'short' })} ${year}`;
  return { short, long: `${short}/${year}`, header };
}

test('a coordinator turns a request email into a patient, a service request and its visits, and replies', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const today = day(0);
  const reference = `A${Date.now().toString(36)}`;
  const email = [
    'From: Dana Reyes <dana.reyes@sunrise.example>',
    `Date: ${today.header} 09:12:00 -0600`,
    `Subject: New referral ${reference}`,
    '',
    `New SOC for Mary Jonse, DOB 3/4/1941, 12 Elm St, Austin TX 78701, 512-555-0199, RN eval ${today.short} then 2w4, Dr. Patel, CHF`,
  ].join('\n');

  await signIn(page, 'coordinator@carelane.local');
  await page.goto('/assistant');
  await page.getByLabel('Email text').fill(email);
  await page.getByRole('button', { name: 'Read the email' }).click();

  // The evidence of each value marked in the email.
  const emailCard = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'The email' }) });
  await expect(emailCard.locator('mark').filter({ hasText: 'Jonse' })).toContainText('(Last name)');
  await expect(emailCard.locator('mark').filter({ hasText: '512-555-0199' })).toContainText('(Phone)');
  await expect(emailCard.locator('mark').filter({ hasText: 'CHF' })).toContainText('(Diagnosis)');

  // The draft in the forms, each field with its confidence.
  const patient = page.getByRole('form', { name: 'Patient' });
  await expect(patient.getByLabel('First name')).toHaveValue('Mary');
  await expect(patient.getByLabel('Birthday')).toHaveValue('3/4/1941');
  await expect(patient.getByLabel('ZIP code')).toHaveValue('78701');
  await expect(patient.getByText(/^Read from the email: \d+ % sure$/).first()).toBeVisible();
  const request = page.getByRole('form', { name: 'Service request' });
  await expect(request.getByLabel('Description')).toHaveValue(
    /Frequency: 2w4\nPhysician: Patel\nDiagnoses: I50.9/,
  );
  // `has` reads its locator inside each select, so it starts from the page.
  const dates = page.getByRole('combobox', { name: 'Dates of visits 1' });
  await expect(request.locator('.ant-select').filter({ has: dates })).toContainText(today.long);
  await expectAccessible(page, '/assistant, an email read into the forms');

  // The coordinator fixes the misspelt name, names the organization, and books today's eval at midnight.
  await patient.getByLabel('Last name').fill('Jones');
  await pickOption(page, 'Organization', 'Sunrise Home Health', { typed: 'Sunrise' });
  await request.getByRole('textbox', { name: 'Start time of visits 1' }).fill('12:00 AM');
  await request.getByRole('textbox', { name: 'Start time of visits 1' }).press('Tab');
  await page.getByRole('button', { name: 'Create' }).click();
  const made = page.getByText(/^Created service request #\d+ with 9 visits for the patient\.$/);
  await expect(made).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/assistant\?request=\d+/);
  const requestId = Number(new URL(page.url()).searchParams.get('request'));

  // The patient and the request exist with the email's data.
  await page.getByRole('link', { name: 'the patient' }).click();
  await expect(page).toHaveURL(/\/patient\?id=\d+/);
  await expect(page.getByLabel('Last name')).toHaveValue('Jones');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('512-555-0199');
  await page.goto(`/episode?id=${requestId}`);
  const visitRows = page.getByRole('table').filter({ hasText: 'Draft' });
  await expect(visitRows.getByRole('row')).toHaveCount(10);
  await expect(visitRows).toContainText(today.long);

  // Published, today's midnight visit has passed with nobody on it: the scheduled job expires it.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(
    page.getByText('Service Request saved. Notifications sent to all matching clinicians.'),
  ).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('table').getByText('Expired', { exact: true })).toBeVisible({
      timeout: 5000,
    });
  }).toPass({ timeout: 150_000, intervals: [5000] });

  // The drafted reply lists the visits and leaves the Expired one out.
  await page.goto(`/assistant?request=${requestId}`);
  const reply = page.getByRole('form', { name: 'Reply' });
  await expect(reply.getByLabel('To')).toHaveValue('dana.reyes@sunrise.example');
  await expect(reply.getByLabel('Subject')).toHaveValue(`Re: New referral ${reference}`);
  const message = reply.getByLabel('Message');
  await expect(message).toHaveValue(/with 8 visits:/);
  const lines = (await message.inputValue()).split('\n').filter((line) => line.startsWith('- '));
  expect(lines).toHaveLength(8);
  for (const line of lines) expect(line).toMatch(/^- \d+\/\d+\/\d{4} 12:00 AM–.*, clinician to be assigned$/);
  expect(lines.filter((line) => line.startsWith(`- ${today.long} `))).toEqual([]);
  await message.press('End');
  await message.pressSequentially('\nWe will call the family today.');
  await reply.getByRole('button', { name: 'Send the reply' }).click();
  await expect(page.getByText('The reply is in the outbox.')).toBeVisible();
  await expectAccessible(page, '/assistant, the reply');
});

test('an uploaded .eml waits in the queue and opens into the reader', async ({ page }) => {
  const reference = `Q${Date.now().toString(36)}`;
  const eml = [
    'From: Ana Ortiz <ana.ortiz@sunrise.example>',
    'To: intake@carelane.example',
    `Subject: Referral ${reference}`,
    'Date: Tue, 1 Dec 2026 10:00:00 -0600',
    `Message-ID: <${reference}@sunrise.example>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Please staff PT for Walter Brennan, DOB 7/9/1938, 512-555-0142, PT eval 12/3 then 1w2, dx R26.81.',
  ].join('\r\n');
  await signIn(page, 'coordinator@carelane.local');
  await page.goto('/assistant');
  await page.getByLabel('Upload an .eml file').setInputFiles({
    name: 'referral.eml',
    mimeType: 'message/rfc822',
    buffer: Buffer.from(eml),
  });
  await expect(page.getByLabel('Email text')).toHaveValue(
    /^From: ana\.ortiz@sunrise\.example\nSubject: Referral/,
  );
  await expect(page.getByText(/^An email of the queue/)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Patient' }).getByLabel('Last name')).toHaveValue('Brennan');
  const queue = page.getByRole('table', { name: 'Request emails' });
  await expect(queue).toContainText(`Referral ${reference}`);
  await expectAccessible(page, '/assistant, the queue and an uploaded email');
});
