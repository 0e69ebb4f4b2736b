// Care-team chat (issue 27, decisions 059 and 061) in Chromium on the product as `npm start` serves it, two
// browsers at once: the care coordinator writes in a service request's care-team conversation on /collaboration
// and the organization user, who has it open on /messages, sees it without reloading; the organization user
// answers with a PDF attached, and the coordinator's conversation list shows it unread; the coordinator downloads
// the file. axe finds nothing serious on either page.
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, signIn, test } from '../support/fixtures';

const COORDINATOR = 'coordinator@carelane.local';
const ORGANIZATION_USER = 'orguser@carelane.local';

type Rows = { rows: { id: number; title: string }[] };

/** A service request of the organization user's organization whose care team the coordinator is on. */
async function sharedCareTeamTopic(request: APIRequestContext): Promise<{ id: number; title: string }> {
  const organization = await apiToken(request, ORGANIZATION_USER);
  const coordinator = await apiToken(request, COORDINATOR);
  const episodes = await request.get(`${baseUrl()}/api/admin/episodes?pageSize=50`, {
    headers: { Authorization: `Bearer ${organization}` },
  });
  expect(episodes.status()).toBe(200);
  for (const episode of ((await episodes.json()) as Rows).rows) {
    const opened = await request.post(`${baseUrl()}/api/chat/topics`, {
      headers: { Authorization: `Bearer ${coordinator}` },
      data: { kind: 'careTeam', episodeId: episode.id },
    });
    if (opened.ok()) return ((await opened.json()) as { topic: { id: number; title: string } }).topic;
    expect(opened.status()).toBe(403);
  }
  throw new Error('no service request of the organization user has the coordinator on its care team');
}

test('a care-team message reaches the organization user live, and their answer shows unread to the coordinator', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const topic = await sharedCareTeamTopic(request);
  const stamp = Date.now();

  await signIn(page, COORDINATOR);
  await page.goto(`/collaboration?topic=${topic.id}`);
  const coordinatorLog = page.getByRole('log');
  await expect(coordinatorLog).toBeVisible({ timeout: 60_000 });

  const organizationContext = await browser.newContext();
  const organizationPage = await organizationContext.newPage();
  await signIn(organizationPage, ORGANIZATION_USER);
  await organizationPage.goto(`/messages?topic=${topic.id}`);
  const organizationLog = organizationPage.getByRole('log');
  await expect(organizationLog).toBeVisible({ timeout: 60_000 });
  await expectAccessible(organizationPage, '/messages, a care-team conversation');

  const question = `The Tuesday visit moves to 10:00 AM (${stamp}).`;
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(question);
  const sentAt = Date.now();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(coordinatorLog.getByText(question)).toBeVisible({ timeout: 15_000 });
  // Live: the organization user's page is not reloaded; the message arrives over the event stream.
  await expect(organizationLog.getByText(question)).toBeVisible({ timeout: 15_000 });
  test.info().annotations.push({ type: 'delivery', description: `${Date.now() - sentAt} ms from Send` });
  await expectAccessible(page, '/collaboration, a care-team conversation');

  // The coordinator leaves the conversation; the answer then counts as unread for them.
  await page.goto('/messages');
  // The answer carries the family's signed consent as a PDF, uploaded when chosen and sent with the text.
  const answer = `Thank you, 10:00 AM works for the family (${stamp}).`;
  const consent = `consent-${stamp}.pdf`;
  await organizationPage.locator('input[type="file"]').setInputFiles({
    name: consent,
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(256, 32), Buffer.from('\n%%EOF\n')]),
  });
  await expect(organizationPage.getByRole('group', { name: 'Attachment' })).toContainText(consent);
  await expect(organizationPage.getByRole('group', { name: 'Attachment' })).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
  await organizationPage.getByRole('textbox', { name: 'Message', exact: true }).fill(answer);
  await organizationPage.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
  await expect(organizationLog.getByText(answer)).toBeVisible({ timeout: 15_000 });
  const unreadTopic = page.getByRole('button', { name: `${topic.title} (1 unread)` });
  await expect(unreadTopic).toBeVisible({ timeout: 15_000 });
  await unreadTopic.click();
  await expect(page.getByRole('log').getByText(answer)).toBeVisible({ timeout: 15_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: new RegExp(`^Download ${consent} \\(`) }).click();
  expect((await download).suggestedFilename()).toBe(consent);
  await expect(page.getByRole('navigation', { name: 'Your conversations' })).toContainText('All read', {
    timeout: 15_000,
  });
  await organizationContext.close();
});
