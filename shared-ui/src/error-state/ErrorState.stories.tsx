import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ErrorState } from './ErrorState';

const meta: Meta<typeof ErrorState> = { title: 'Feedback/ErrorState', component: ErrorState };
export default meta;
type Story = StoryObj<typeof ErrorState>;

export const WithRetry: Story = {
  args: {
    message: 'Sorry, invoices could not be loaded. Please make sure you are online and then try again.',
    onRetry: fn(),
  },
};

export const DynamicPageLoadingFailed: Story = {
  args: {
    title: 'This page could not be loaded',
    message: 'Dynamic page loading failed. The other areas still work.',
    onRetry: fn(),
  },
};

export const WithoutRetry: Story = { args: { message: 'Sorry, this report could not be shown.' } };
