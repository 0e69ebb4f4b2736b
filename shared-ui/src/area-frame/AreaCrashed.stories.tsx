import type { Meta, StoryObj } from '@storybook/react-vite';
import { AreaCrashed } from './AreaCrashed';

const meta: Meta<typeof AreaCrashed> = { title: 'Area frame/AreaCrashed', component: AreaCrashed };
export default meta;
type Story = StoryObj<typeof AreaCrashed>;

export const Crashed: Story = { args: { area: 'mf-billing', error: new Error('Invoice list exploded') } };
