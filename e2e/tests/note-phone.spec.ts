// The note on a phone (issue 24), in Chromium at 390 × 844: the demo clinician's Notes Due start of care in one
// column with no sideways scroll, medications as stacked cards she adds and removes, touch targets of at least
// 44 px, sections that fold, the submit bar at the bottom of the screen under her thumb, and no serious or
// critical axe violation.
import { expectAccessible } from '../support/axe';
import { DEMO_PASSWORD, apiToken, baseUrl, expect, test } from '../support/fixtures';

const CLINICIAN = 'clinician@carelane.local';
const PHONE = { width: 390, height: 844 };

test('the start-of-care note on a 390 px phone', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, CLINICIAN);
  const list = await request.get(`${baseUrl()}/api/notes/notes?status=NotesDue&pageSize=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { rows } = (await list.json()) as { rows: { visitId: number; noteType: string | null }[] };
  const visitId = rows.find((r) => r.noteType === 'SOC')!.visitId;

  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  // Signed in on the phone (the navigation is folded away at this width, so the fixture's wait for it does not apply).
  await page.goto('/');
  await page.getByLabel('Email').fill(CLINICIAN);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login successful.')).toBeVisible({ timeout: 60_000 });
  await page.goto(`/note?visitId=${visitId}`);
  await expect(page.getByRole('textbox', { name: 'Narrative', exact: true })).toBeVisible({
    timeout: 30_000,
  });

  const add = page.getByRole('button', { name: 'Add medication' });
  await add.click();
  await add.click();
  const first = page.getByRole('group', { name: 'Medication profile 1' });
  await expect(first).toHaveClass(/note-form-card/);
  await expect(page.getByRole('group', { name: 'Medication profile 2' })).toBeVisible();
  const name = first.getByRole('textbox', { name: 'Medication name (row 1)', exact: true });
  const dose = first.getByRole('textbox', { name: 'Dose (row 1)', exact: true });
  await name.fill('Metformin');
  await dose.fill('500 mg');
  // Stacked: the dose under the name, both as wide as the card (not columns side by side or staggered).
  const [nameBox, doseBox, cardBox] = await Promise.all([
    name.boundingBox(),
    dose.boundingBox(),
    first.boundingBox(),
  ]);
  expect(doseBox!.y).toBeGreaterThan(nameBox!.y + nameBox!.height - 1);
  expect(Math.abs(doseBox!.x - nameBox!.x)).toBeLessThan(2);
  expect(nameBox!.width).toBeGreaterThan(cardBox!.width * 0.8);
  expect(doseBox!.width).toBeGreaterThan(cardBox!.width * 0.8);

  // Removing an empty card goes at once.
  await page.getByRole('button', { name: 'Remove Medication profile 2' }).click();
  await expect(page.getByRole('group', { name: 'Medication profile 2' })).toHaveCount(0);

  // One column, no sideways scroll.
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(PHONE.width);
  expect(widths.body).toBeLessThanOrEqual(PHONE.width);

  // Touch targets of at least 44 px.
  for (const target of [
    add,
    page.getByRole('button', { name: 'Remove Medication profile 1' }),
    name,
    page.getByRole('button', { name: 'Submit', exact: true }),
    page.getByRole('button', { name: 'Save', exact: true }),
  ]) {
    const box = await target.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }

  // The submit bar sits at the bottom of the screen, wherever she has scrolled.
  await page.mouse.wheel(0, 2000);
  const bar = await page.getByRole('region', { name: 'Note actions' }).boundingBox();
  expect(bar!.y + bar!.height).toBeLessThanOrEqual(PHONE.height + 1);
  expect(bar!.y).toBeGreaterThan(PHONE.height / 2);

  // Sections fold.
  const section = page.locator('.note-form-mobile .ant-collapse-header').first();
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await section.click();
  await expect(section).toHaveAttribute('aria-expanded', 'false');
  await section.click();
  await expect(section).toHaveAttribute('aria-expanded', 'true');

  await expectAccessible(page, '/note at 390 px');
  await context.close();
});
