import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotBuiltYet } from './NotBuiltYet';

const meta: Meta<typeof NotBuiltYet> = { title: 'Area frame/NotBuiltYet', component: NotBuiltYet };
export default meta;
type Story = StoryObj<typeof NotBuiltYet>;

export const Invoices: Story = {
  args: { route: { path: '/invoices', title: 'Invoices', pages: ['invoices'] }, areaTitle: 'Billing' },
};
