import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Carelane-demo-1';

/** The running product's address (set by the global setup once the server answers). */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server');
  return url;
}

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter, which must be an object pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(baseUrl()),
});
export { expect };

/** Signs in through the login page and waits until the shell has left it. */
export async function signIn(page: Page, emailId: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().startsWith(baseUrl())) await page.goto('/');
  await page.getByLabel('Email').fill(emailId);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The first signed-in page loads the shell's layout and an area: slow on a busy two-core machine.
  await expect(page.getByText('Login successful.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 60_000 });
}

/** A session token for calls made around the browser (setting privileges, revoking a session). */
export async function apiToken(request: APIRequestContext, emailId: string): Promise<string> {
  const response = await request.post(`${baseUrl()}/api/security/authenticate`, {
    data: { emailId, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The texts of the navigation's links, the groups opened. */
export async function navigationLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  // Open every group so each link is rendered.
  for (const title of await nav.locator('.ant-menu-submenu-title').all()) {
    const item = title.locator('xpath=..');
    if (!(await item.getAttribute('class'))?.includes('ant-menu-submenu-open')) await title.click();
  }
  return (await nav.locator('a').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

/** In-app navigation, as a link click does it: the shell's router follows the bus's navigate$. */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const bus = (globalThis as unknown as Record<symbol, { navigate$: { next(path: string): void } }>)[
      Symbol.for('carelane.bus')
    ];
    bus!.navigate$.next(to);
  }, path);
}
