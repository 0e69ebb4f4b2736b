import type { Preview } from '@storybook/react-vite';
import { AppProviders } from '../src/app-providers/AppProviders';

const preview: Preview = {
  decorators: [
    (Story) => (
      <AppProviders>
        <Story />
      </AppProviders>
    ),
  ],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
};

export default preview;
