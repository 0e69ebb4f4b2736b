// Surveys (issue 26, decision 049) in Chromium on the product as `npm start` serves it: staff send the clinician
// survey; the clinician opens the link of the delivered email on a phone-sized touch screen, answers it with taps,
// and is thanked; the link then says it was used; the administrator opens /csatscores and finds the answer
// counted. axe finds nothing serious on the public page or on /csatscores.
import fs from 'node:fs';
import path from 'node:path';
import type { SurveySummary } from '@carelane/shared-domain';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, signIn, test } from '../support/fixtures';
import { MESSAGES_DIR } from '../support/paths';
import { PHONE } from '../support/phone';

const ADMIN = 'admin@carelane.local';
const CLINICIAN = 'clinician@carelane.local';

/** The newest survey link delivered to `to` (the outbox's stored copy masks it). */
function newestSurveyLink(to: string): string | undefined {
  const files = fs.existsSync(MESSAGES_DIR) ? fs.readdirSync(MESSAGES_DIR) : [];
  return files
    .filter((name) => name.endsWith('.email.json'))
    .sort((a, b) => parseInt(b, 10) - parseInt(a, 10))
    .map(
      (name) =>
        JSON.parse(fs.readFileSync(path.join(MESSAGES_DIR, name), 'utf8')) as { to?: string; body: string },
    )
    .filter((message) => message.to === to)
    .map((message) => /https?:\/\/\S+\/survey\/clinician\?token=[\w%-]+/.exec(message.body)?.[0])
    .find((found) => found !== undefined);
}

test('a clinician answers the survey from its link on a phone and the answer appears in /csatscores', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await apiToken(request, ADMIN);
  const headers = { Authorization: `Bearer ${admin}` };
  // The demo clinician's account, as the clinician's own session names it.
  const me = await request.get(`${baseUrl()}/api/security/me`, {
    headers: { Authorization: `Bearer ${await apiToken(request, CLINICIAN)}` },
  });
  expect(me.ok()).toBe(true);
  const clinician = (await me.json()) as { id: number };
  const summary = async () =>
    (
      (await (
        await request.get(`${baseUrl()}/api/admin/reports/surveys/summary?survey=clinician`, { headers })
      ).json()) as SurveySummary
    ).surveys[0]!.current;
  const before = await summary();

  const previous = newestSurveyLink(CLINICIAN);
  const sent = await request.post(`${baseUrl()}/api/admin/surveys/invitations`, {
    headers,
    data: { survey: 'clinician', userId: clinician.id },
  });
  expect(sent.status()).toBe(201);
  const delivered = () => {
    const found = newestSurveyLink(CLINICIAN);
    return found !== undefined && found !== previous;
  };
  await expect.poll(delivered, { timeout: 60_000 }).toBe(true);
  const link = new URL(newestSurveyLink(CLINICIAN)!);

  // The clinician, signed out, on a phone.
  const phone = await browser.newContext(PHONE);
  const rn = await phone.newPage();
  await rn.goto(link.pathname + link.search);
  await expect(rn.getByRole('heading', { level: 1, name: 'Clinician survey' })).toBeVisible({
    timeout: 60_000,
  });
  expect(await rn.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(rn, '/survey/clinician');
  const satisfaction = rn.getByRole('radiogroup', {
    name: 'How satisfied are you with working with Carelane?',
  });
  await satisfaction.getByText('5 – Very satisfied').tap();
  await expect(satisfaction.getByRole('radio', { name: '5 – Very satisfied' })).toBeChecked();
  const recommend = rn.getByRole('radiogroup', {
    name: 'How likely are you to recommend Carelane to a fellow clinician?',
  });
  const ten = recommend.locator('label').filter({ hasText: /^10$/ });
  const box = (await ten.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
  await ten.tap();
  await expect(recommend.getByRole('radio', { name: '10' })).toBeChecked();
  await rn
    .getByRole('textbox', { name: 'What could we do better? (optional)' })
    .fill('Clear schedules, thank you.');
  await rn.getByRole('button', { name: 'Send answers' }).tap();
  await expect(rn.getByText('Thank you. Your answers were received.')).toBeVisible({ timeout: 30_000 });
  // The link works once.
  await rn.reload();
  await expect(rn.getByText('This survey link has already been used.')).toBeVisible({ timeout: 30_000 });
  await phone.close();

  const after = await summary();
  expect(after.responses).toBe(before.responses + 1);
  expect(after.satisfied).toBe(before.satisfied + 1);

  await signIn(page, ADMIN);
  await page.goto('/csatscores');
  await expect(page.getByRole('heading', { level: 1, name: 'Satisfaction scores' })).toBeVisible({
    timeout: 60_000,
  });
  const answers = page.getByRole('button', {
    name: `${after.responses} ${after.responses === 1 ? 'answer' : 'answers'}, Clinician survey`,
    exact: true,
  });
  await expect(answers).toBeVisible({ timeout: 30_000 });
  await expect(
    page
      .getByRole('table', { name: 'Survey comments' })
      .or(page.getByRole('list', { name: 'Survey comments' })),
  ).toContainText('Clear schedules, thank you.');
  await expectAccessible(page, '/csatscores');
  await answers.click();
  const drawer = page.getByRole('dialog');
  await expect(
    drawer.getByRole('status').filter({
      hasText: new RegExp(`^${after.responses} ${after.responses === 1 ? 'answer' : 'answers'}$`),
    }),
  ).toBeVisible();
});
