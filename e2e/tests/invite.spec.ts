// /invite (issue 27) in Chromium on the product as `npm start` serves it: a clinician manager opens Invitations
// from the menu, invites a clinician, finds the invitation Pending in the list, sends it again (the server keeps
// one invitation per address and says so), filters the list by status in the URL; axe finds nothing serious.
import { expectAccessible } from '../support/axe';
import { expect, signIn, test } from '../support/fixtures';
import { pickOption } from '../support/select';

test('a clinician manager invites a clinician from Invitations and sends the pending invitation again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const emailId = `e2e.invite.${Date.now()}@example.com`;
  await signIn(page, 'clinicianmanager@carelane.local');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const messaging = nav.locator('.ant-menu-submenu-title', { hasText: 'Messaging' });
  await messaging.click();
  await nav.getByRole('link', { name: 'Invitations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible({ timeout: 60_000 });

  const form = page.locator('form#inviteClinician');
  await form.getByLabel('First name').fill('Ivy');
  await form.getByLabel('Last name').fill('Invitee');
  await form.getByLabel('Email').fill(emailId);
  // The required mark is part of this label's name ("* Provider type").
  await pickOption(page, /Provider type$/, /^PT$/, { shows: 'PT', within: form });
  await form.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(form.getByRole('status')).toHaveText('Invitation sent successfully.');

  const table = page.getByRole('table', { name: 'Clinician invitations' });
  const row = table.getByRole('row').filter({ hasText: emailId });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Ivy Invitee');
  await row.getByRole('button', { name: `Send again to ${emailId}` }).click();
  await expect(
    page.getByText(`${emailId} was already invited: the invitation was sent again with a new link.`).first(),
  ).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: emailId })).toHaveCount(1);

  await pickOption(page, 'Status', 'Registered');
  await expect(page).toHaveURL(/[?&]status=Registered/);
  await expect(table.getByRole('row').filter({ hasText: emailId })).toHaveCount(0);
  await expectAccessible(page, '/invite');
});
