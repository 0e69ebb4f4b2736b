// Picking an antd select's option the way a user does, robust on a busy machine: antd can re-render its list
// under the click (or open it late), so the pick is tried again until the list is closed and the select shows it.
import { expect, type Locator, type Page } from '@playwright/test';

export interface PickOptions {
  /** Typed into a searchable select before picking; omit for a plain one. */
  typed?: string;
  /** What the select shows once picked; null when the pick fills other fields instead (an address). */
  shows?: string | null;
  /** Where the select is (a dialog); the page when omitted. */
  within?: Locator;
}

export async function pickOption(
  page: Page,
  label: string | RegExp,
  option: string | RegExp,
  { typed, shows = typed ?? (typeof option === 'string' ? option : null), within }: PickOptions = {},
): Promise<void> {
  const named = typeof label === 'string' ? { name: label, exact: true } : { name: label };
  const box = (within ?? page).getByRole('combobox', named);
  // `has` reads its locator inside each select, so it starts from the page, not from `within`.
  const select = (within ?? page).locator('.ant-select').filter({ has: page.getByRole('combobox', named) });
  await expect(async () => {
    await box.click();
    if (typed !== undefined) await box.fill(typed);
    await page
      .locator('.ant-select-item-option:visible', { hasText: option })
      .first()
      .click({ timeout: 5000 });
    await expect(select).not.toHaveClass(/ant-select-open/, { timeout: 2000 });
    if (shows !== null) await expect(select).toContainText(shows, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}
