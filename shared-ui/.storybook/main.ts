import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const here = path.dirname(fileURLToPath(import.meta.url));

type AliasEntry = { find: string | RegExp; replacement: string };

function aliasList(alias: unknown): AliasEntry[] {
  if (!alias) return [];
  if (Array.isArray(alias)) return alias as AliasEntry[];
  return Object.entries(alias as Record<string, string>).map(([find, replacement]) => ({
    find,
    replacement,
  }));
}

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  viteFinal: async (viteConfig) => {
    const rollupOptions = viteConfig.build?.rollupOptions ?? {};
    const userOnWarn = rollupOptions.onwarn;
    return {
      ...viteConfig,
      resolve: {
        ...viteConfig.resolve,
        alias: [
          // shared-domain ships TypeScript sources: read them directly, not through the workspace link.
          {
            find: '@carelane/shared-domain',
            replacement: path.resolve(here, '../../shared-domain/src/index.ts'),
          },
          ...aliasList(viteConfig.resolve?.alias),
        ],
      },
      build: {
        ...viteConfig.build,
        // antd and React make one large preview chunk; that is expected for a component catalogue.
        chunkSizeWarningLimit: 2500,
        rollupOptions: {
          ...rollupOptions,
          onwarn(warning, defaultHandler) {
            // antd marks its modules "use client" (for React Server Components); it means nothing in a bundle.
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
            // zod's explanatory comments next to its @__PURE__ marks; rollup drops them, harmlessly.
            if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
            if (userOnWarn) userOnWarn(warning, defaultHandler);
            else defaultHandler(warning);
          },
        },
      },
    };
  },
};

export default config;
