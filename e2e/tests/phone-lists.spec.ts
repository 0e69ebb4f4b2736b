// Issue 24, "Lists become cards": on a 390 px phone the clinician's lists (and an organization's invoices) are
// cards of the list's columns, nothing scrolls sideways, and axe finds nothing serious. Each card is checked
// against the record the page itself was answered with.
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { baseUrl, DEMO_PASSWORD, expect, test } from '../support/fixtures';

const PHONE_WIDTH = 390;
test.use({ viewport: { width: PHONE_WIDTH, height: 844 }, isMobile: true, hasTouch: true });

type Row = Record<string, unknown>;
type PhoneList = {
  path: string;
  /** The list call whose first row the first card shows. */
  api: string;
  /** The list's accessible name (DataTable's ariaLabel); none for the visits, a list per day. */
  listName?: string;
  /** The text of the first row the card must show, and under which label when it is one of its pairs. */
  expected: (row: Row) => { label?: string; value: string };
};

const LISTS: Record<string, PhoneList[]> = {
  'clinician@carelane.local': [
    {
      path: '/notes',
      api: '/api/notes/notes',
      listName: 'Visit notes',
      expected: (row) => ({ label: 'Patient', value: String(row.patientName) }),
    },
    {
      path: '/providervisits?status=ALL',
      api: '/api/admin/myVisits',
      expected: (row) => ({ value: String(row.placeName ?? row.patientName ?? row.organizationName) }),
    },
    {
      path: '/providerpayments?status=ALL',
      api: '/api/operation/providerPayments',
      listName: 'Your pay',
      expected: (row) => ({ label: 'Patient', value: String(row.patientName) }),
    },
  ],
  'orguser@carelane.local': [
    {
      path: '/invoices?paymentStatus=ALL',
      api: '/api/operation/invoices',
      listName: 'Invoices',
      expected: (row) => ({ label: 'Organization', value: String(row.organizationName) }),
    },
  ],
};

/** Signs in on the phone: the shell's navigation may wait behind a menu button, so the toast is the sign. */
async function signInOnPhone(page: Page, emailId: string): Promise<void> {
  await page.goto(baseUrl());
  await page.getByLabel('Email').fill(emailId);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).tap();
  await expect(page.getByText('Login successful.')).toBeVisible({ timeout: 60_000 });
}

/** Opens the list and answers the first row the server gave it. */
async function openList(page: Page, list: PhoneList): Promise<Row> {
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === list.api && response.request().method() === 'GET',
    { timeout: 60_000 },
  );
  await page.goto(list.path);
  const body = (await (await answered).json()) as { rows: Row[] };
  expect(body.rows.length, `${list.path}: the demo has a record to show`).toBeGreaterThan(0);
  return body.rows[0]!;
}

for (const [user, lists] of Object.entries(LISTS)) {
  test(`${user}'s lists are cards on a 390 px phone, with no sideways scrolling`, async ({ page }) => {
    test.setTimeout(180_000);
    await signInOnPhone(page, user);
    for (const list of lists) {
      const first = await openList(page, list);
      const { label, value } = list.expected(first);
      const cards = list.listName
        ? page.getByRole('list', { name: list.listName, exact: true })
        : page.locator('section[aria-label] > ul[role="list"]').first();
      const card = cards.getByRole('listitem').first();
      await expect(card, `${list.path}: the first card`).toContainText(value, { timeout: 30_000 });
      if (label) {
        const pair = card.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) });
        await expect(pair.locator('dd')).toHaveText(value);
      }
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${list.path} scrolls sideways`).toBeLessThanOrEqual(PHONE_WIDTH);
      await expectAccessible(page, `${list.path} at ${PHONE_WIDTH} px`);
    }
  });
}
