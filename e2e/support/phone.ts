// A clinician's phone: what the phone suite (tests/phone.spec.ts) signs in with and measures each page by.
import { expect, type Locator, type Page } from '@playwright/test';
import { baseUrl, DEMO_PASSWORD } from './fixtures';

/** An iPhone 14 upright, in the demo organizations' time zone (Austin, Texas). */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  timezoneId: 'America/Chicago',
} as const;

/** What antd shows only when asked: a menu's popup, a dropdown, a popover, an open drawer, a select's list. */
export const POPUPS = [
  '.ant-menu-submenu-popup',
  '.ant-dropdown',
  '.ant-popover',
  '.ant-drawer-open',
  '.ant-select-dropdown',
  '.ant-picker-dropdown',
].join(', ');

/** Signs in through the login page; on a phone the navigation waits in its drawer, so the header is the sign. */
export async function signInOnPhone(page: Page, emailId: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().startsWith(baseUrl())) await page.goto('/');
  await page.getByLabel('Email').fill(emailId);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).tap();
  await expect(page.getByText('Login successful.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible({ timeout: 60_000 });
}

/** The popups on screen: each as its class list, empty when none. */
export async function visiblePopups(page: Page): Promise<string[]> {
  return page
    .locator(POPUPS)
    .filter({ visible: true })
    .evaluateAll((found) => found.map((element) => `${element.tagName.toLowerCase()}.${element.className}`));
}

export type SidewaysOverflow = {
  /** document.documentElement.scrollWidth */
  scrollWidth: number;
  /** Where the overflow starts, widest first: elements that stick out past the screen's edge from a parent that does not. */
  culprits: string[];
};

/**
 * How far the page scrolls sideways, and the elements that make it: those whose right edge passes the screen's
 * width while their parent's does not (not inside a box that scrolls or clips on its own), each named by its
 * place in the page, with its widest child.
 */
export async function sidewaysOverflow(page: Page): Promise<SidewaysOverflow> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth + 0.5;
    const name = (element: Element): string => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList]
        .slice(0, 3)
        .map((c) => `.${c}`)
        .join('');
      const label = element.getAttribute('aria-label') ?? element.getAttribute('data-page') ?? '';
      return `${element.tagName.toLowerCase()}${id}${classes}${label ? `[${label}]` : ''}`;
    };
    const where = (element: Element): string => {
      const chain: string[] = [];
      for (
        let at: Element | null = element;
        at && at !== document.body && chain.length < 4;
        at = at.parentElement
      )
        chain.unshift(name(at));
      return chain.join(' > ');
    };
    const clipped = (element: Element): boolean => {
      for (let at = element.parentElement; at && at !== document.body; at = at.parentElement)
        if (getComputedStyle(at).overflowX !== 'visible') return true;
      return false;
    };
    const right = (element: Element) => element.getBoundingClientRect().right;
    const sticksOut = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.right > limit;
    };
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((element) => sticksOut(element) && !clipped(element))
      .filter((element) => !element.parentElement || !sticksOut(element.parentElement))
      .sort((a, b) => right(b) - right(a))
      .slice(0, 5)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const widest = [...element.children].sort(
          (a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width,
        )[0];
        const inner = widest
          ? `; widest child ${name(widest)} ${Math.round(widest.getBoundingClientRect().width)} px`
          : '';
        return `${where(element)}: right edge at ${Math.round(box.right)} px, ${Math.round(box.width)} px wide${inner}`;
      });
    return { scrollWidth: document.documentElement.scrollWidth, culprits };
  });
}

/** Presses Tab until the target holds the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((element) => element.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${max} presses of Tab did not reach ${target.toString()}`);
}
