import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/paths';
import { baseUrl, expect, test } from '../support/fixtures';

test('Storybook is served at /storybook with a story for each shared-ui component', async ({
  page,
  request,
}) => {
  const index = await request.get(`${baseUrl()}/storybook/index.json`);
  expect(index.status()).toBe(200);
  const { entries } = (await index.json()) as { entries: Record<string, { title: string; type: string }> };
  const storied = new Set(
    Object.values(entries)
      .filter((e) => e.type === 'story')
      .map((e) => e.title.split('/').pop()),
  );
  // Every component file of shared-ui (PascalCase .tsx beside a folder's stories), e.g. RatingBadge.tsx.
  const components = fs
    .readdirSync(path.join(ROOT, 'shared-ui/src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      fs
        .readdirSync(path.join(ROOT, 'shared-ui/src', entry.name))
        .filter(
          (name) => /^[A-Z]\w+\.tsx$/.test(name) && !name.includes('.stories.') && !name.includes('.test.'),
        )
        .map((name) => name.replace(/\.tsx$/, '')),
    );
  // The area frame's plumbing renders nothing of its own to look at.
  const plumbing = ['AreaRoot', 'SingletonProbe'];
  expect(components.length).toBeGreaterThan(10);
  for (const component of components.filter((name) => !plumbing.includes(name)))
    expect(storied, `${component} has a story`).toContain(component);

  await page.goto('/storybook/?path=/story/data-ratingbadge--green');
  await expect(page.frameLocator('#storybook-preview-iframe').getByText('4.3')).toBeVisible({
    timeout: 20_000,
  });
});
