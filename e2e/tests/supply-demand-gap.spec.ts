// /supplyDemandGap (issue 26, decision 057) in Chromium on the product as `npm start` serves it: the operations
// director opens the counties' gap, the county map is drawn on the basemap (pixels on its canvas), the chart and
// the counties' table are there, and a county's unstaffed visits open exactly as many visits as the figure says;
// axe finds nothing serious on the page or the drawer. An organization's user is refused, on screen and by the API.
import {
  formatSupplyDemand,
  supplyDemandFigure,
  supplyDemandValue,
  UNKNOWN_COUNTY,
  type SupplyDemand,
} from '@carelane/shared-domain';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, signIn, test } from '../support/fixtures';

const DIRECTOR = 'director@carelane.local';
const ORG_USER = 'orguser@carelane.local';
const API = '/api/admin/reports/supplyDemandGap';

test('the director reads the gap by county on the map and opens the unstaffed visits behind a county', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, DIRECTOR);
  const headers = { Authorization: `Bearer ${token}` };
  const probe = (await (await request.get(`${baseUrl()}${API}`, { headers })).json()) as SupplyDemand;
  const today = probe.period.to;
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  // The demo's visits are dated around today: a month each side holds them.
  const query = `from=${day(-30)}&to=${day(30)}`;
  const answer = (await (
    await request.get(`${baseUrl()}${API}?${query}`, { headers })
  ).json()) as SupplyDemand;
  const figure = supplyDemandFigure('unstaffed')!;
  const row = answer.rows.find(
    (r) => r.county !== UNKNOWN_COUNTY && supplyDemandValue(figure, r, 'current')! > 0,
  );
  expect(row, 'a county of the first page with unstaffed visits').toBeTruthy();
  const count = supplyDemandValue(figure, row!, 'current')!;

  await signIn(page, DIRECTOR);
  await page.goto(`/supplyDemandGap?${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Supply and demand gap' })).toBeVisible({
    timeout: 60_000,
  });
  const map = page.getByRole('img', { name: /county/i }).filter({ has: page.locator('canvas') });
  await expect(map.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  // The basemap and the shading are drawn: the canvas holds more than one colour.
  await expect
    .poll(
      () =>
        map
          .locator('canvas')
          .first()
          .evaluate((canvas: HTMLCanvasElement) => {
            const { width, height } = canvas;
            const pixels = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
            const colours = new Set<number>();
            for (let i = 0; i < pixels.length && colours.size < 3; i += 4 * 97)
              colours.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
            return colours.size;
          }),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(2);
  const table = page.getByRole('table', { name: 'Supply and demand gap by county' });
  await expect(table).toBeVisible();
  await expectAccessible(page, '/supplyDemandGap');

  const shown = formatSupplyDemand(figure, count);
  await table
    .getByRole('button', { name: `${shown} ${figure.label.toLowerCase()}, ${row!.name}`, exact: true })
    .click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(`${count} ${count === 1 ? 'visit' : 'visits'}`, { exact: true })).toBeVisible(
    {
      timeout: 30_000,
    },
  );
  await expect(drawer.getByText(new RegExp(`^Showing 1–\\d+ of ${count}$`))).toBeVisible();
  await expectAccessible(page, '/supplyDemandGap, the unstaffed visits of a county');
});

test("an organization's user is refused the gap by county, on screen and by the API", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, ORG_USER);
  const response = await request.get(`${baseUrl()}${API}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(403);
  await signIn(page, ORG_USER);
  await page.goto('/supplyDemandGap');
  await expect(page.getByText('No access')).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByText("You don't have access to Supply and demand gap.", { exact: false }),
  ).toBeVisible();
});
