// Signing the agreement (issue 11, decision 024): a newly registered clinician opens /credentialForm, reads
// the Independent Contractor Agreement, fills its fields, signs with the typed signature (the keyboard
// alternative to drawing), and the stored PDF downloads as a PDF whose SHA-256 is the one the API reports,
// with the signature image at the template's position; axe-core finds 0 serious or critical violations.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { expectAccessible } from '../support/axe';
import { baseUrl, expect, goInApp, signIn, test } from '../support/fixtures';

const PASSWORD = 'Signer-password-1';
const AGREEMENT = 'Independent Contractor Agreement';

test('a new clinician signs the agreement with a typed signature and downloads the stored PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const emailId = `signer.${stamp}@example.com`;
  const registered = await request.post(`${baseUrl()}/api/security/register`, {
    data: {
      emailId,
      password: PASSWORD,
      firstName: 'Nora',
      lastName: 'Signer',
      phoneNumber: `737557${String(1000 + (stamp % 9000))}`,
      providerTypeId: 1,
    },
  });
  expect(registered.status()).toBe(201);
  const login = await request.post(`${baseUrl()}/api/security/authenticate`, {
    data: { emailId, password: PASSWORD },
  });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };

  await page.goto('/');
  await signIn(page, emailId, PASSWORD);
  await goInApp(page, '/credentialForm');
  await expect(page.getByRole('heading', { level: 1, name: 'My agreements' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('To sign (required)')).toBeVisible();
  await expectAccessible(page, '/credentialForm list');

  await page.getByRole('button', { name: `Read and sign the ${AGREEMENT}` }).click();
  await expect(page.getByRole('region', { name: `Text of the ${AGREEMENT}` })).toBeVisible();
  await page.getByLabel('Legal name').fill('Nora Signer');
  await page.getByLabel('Start date').fill('2026-12-01');
  await page.getByRole('checkbox', { name: 'I have read the agreement' }).check();
  // The keyboard path: choose "type" and type the name.
  await page.getByRole('radio', { name: 'Type my name as signature' }).focus();
  await page.keyboard.press('Space');
  await page.getByLabel('Type your full name as your signature').fill('Nora Signer');
  await expectAccessible(page, '/credentialForm signing');
  await page.getByRole('button', { name: 'Sign agreement' }).click();
  await expect(page.getByText('Agreement signed.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Signed on /)).toBeVisible();

  const answer = (await (await request.get(`${baseUrl()}/api/admin/myAgreements`, { headers })).json()) as {
    agreements: { templateName: string; templateVersion: number; sha256: string; fileName: string }[];
  };
  expect(answer.agreements).toHaveLength(1);
  const stored = answer.agreements[0]!;
  expect(stored).toMatchObject({ templateName: AGREEMENT, templateVersion: 1 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${AGREEMENT} version 1` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(stored.fileName);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(stored.sha256);
  // The typed name rendered as an image (a canvas in Chromium), 180 × 48 pt at x 72, 650 pt from the top.
  const pdf = bytes.toString('latin1');
  expect(pdf).toContain('/Subtype /Image');
  expect(pdf).toMatch(/180\.? 0 0 48\.? 72\.? 94\.? cm\s*\/I\d+ Do/);
});
