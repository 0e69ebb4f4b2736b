// /timeline (issue 27, decision 066) in Chromium on the product as `npm start` serves it. One patient's day: the
// care coordinator writes in the care team's conversation of the patient's service request and gives themself a
// task about the patient (through the API, as the pages do), then opens the patient, follows "Timeline" and adds
// a call log ('Call log added successfully!'). The timeline shows the three newest first, in the order they
// happened, with the access log's reads of the patient; the kind filter goes to the URL; axe finds nothing serious.
import { MESSAGES } from '@carelane/shared-domain';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, goInApp, signIn, test } from '../support/fixtures';
import { pickOption } from '../support/select';

const COORDINATOR = 'coordinator@carelane.local';

type Episode = { id: number; patientId: number | null };

/** A service request with a patient whose care-team conversation the coordinator may write in. */
async function patientWithConversation(request: APIRequestContext, headers: Record<string, string>) {
  const episodes = await request.get(`${baseUrl()}/api/admin/episodes?pageSize=50&mine=false`, { headers });
  expect(episodes.status()).toBe(200);
  for (const episode of ((await episodes.json()) as { rows: Episode[] }).rows) {
    if (episode.patientId === null) continue;
    const opened = await request.post(`${baseUrl()}/api/chat/topics`, {
      headers,
      data: { kind: 'careTeam', episodeId: episode.id },
    });
    if (opened.ok())
      return {
        patientId: episode.patientId,
        topicId: ((await opened.json()) as { topic: { id: number } }).topic.id,
      };
  }
  throw new Error('no service request with a patient has the coordinator on its care team');
}

test('a patient’s timeline shows the care team’s message, a task and a call log newest first, with the reads', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = { Authorization: `Bearer ${await apiToken(request, COORDINATOR)}` };
  const { patientId, topicId } = await patientWithConversation(request, headers);
  const stamp = Date.now();
  const message = `The family asks for morning visits (${stamp}).`;
  const posted = await request.post(`${baseUrl()}/api/chat/topics/${topicId}/messages`, {
    headers,
    data: { body: message, idempotencyKey: `e2e-timeline-${stamp}` },
  });
  expect(posted.status()).toBe(201);
  const me = (await (await request.get(`${baseUrl()}/api/security/me`, { headers })).json()) as {
    id: number;
  };
  const today = new Date().toISOString().slice(0, 10);
  const task = `Confirm the morning visits with the family ${stamp}`;
  const created = await request.post(`${baseUrl()}/api/admin/tasks`, {
    headers,
    data: { title: task, assigneeId: me.id, dueDate: today, patientId },
  });
  expect(created.status()).toBe(201);
  const said = `Daughter confirmed mornings (${stamp})`;

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

  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: said })).toContainText('Outgoing call with Daughter');
  await expect(table.getByText('Read: Patient timeline').first()).toBeVisible();

  // Only what was said and done: the three, newest first.
  await page.getByRole('combobox', { name: 'Kinds' }).click();
  for (const kind of ['Messages', 'Call logs', 'Tasks'])
    await page.locator('.ant-select-item-option:visible', { hasText: kind }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]kinds=/);
  await expect(table.getByText('Read: Patient timeline')).toHaveCount(0);
  const ours = table.getByRole('row').filter({ hasText: String(stamp) });
  await expect(ours).toHaveCount(3);
  await expect(ours.nth(0)).toContainText(said);
  await expect(ours.nth(1)).toContainText(task);
  await expect(ours.nth(2)).toContainText(message);
  await expectAccessible(page, '/timeline');
});
