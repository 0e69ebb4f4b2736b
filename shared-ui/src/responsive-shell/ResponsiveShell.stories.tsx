import type { Meta, StoryObj } from '@storybook/react-vite';
import { Input, Menu, Typography } from 'antd';
import { AppHeader } from '../app-header/AppHeader';
import { ResponsiveShell } from './ResponsiveShell';

const meta: Meta<typeof ResponsiveShell> = {
  title: 'Layout/ResponsiveShell',
  component: ResponsiveShell,
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'Below 992 px (antd `lg`) the navigation moves into a drawer behind the menu button and the header turns compact: narrow the window or pick a phone viewport to see it.',
      },
    },
  },
};
export default meta;
type Story = StoryObj<typeof ResponsiveShell>;

const navigation = (
  <nav aria-label="Main navigation">
    <Menu
      mode="inline"
      defaultOpenKeys={['clinicians']}
      selectedKeys={['/providervisits']}
      style={{ borderInlineEnd: 'none' }}
      items={[
        {
          key: 'clinicians',
          label: 'Clinicians',
          children: [
            { key: '/providervisits', label: <a href="#visits">Clinician visits</a> },
            { key: '/notes', label: <a href="#notes">Visit notes</a> },
          ],
        },
        { key: '/help', label: <a href="#help">Help</a> },
      ]}
    />
  </nav>
);

export const Shell: Story = {
  args: {
    header: ({ narrow, menuButton }) => (
      <AppHeader
        compact={narrow}
        menuButton={menuButton}
        left={
          <Typography.Text strong style={{ fontSize: 18 }}>
            Carelane
          </Typography.Text>
        }
        search={
          <Input.Search aria-label="Search" placeholder="Search patients, clinicians, organizations…" />
        }
      />
    ),
    navigation,
    locationKey: '/providervisits',
    children: (
      <main style={{ padding: 16 }}>
        <Typography.Title level={1}>Clinician visits</Typography.Title>
        <Typography.Paragraph>
          A very long word wraps instead of widening the page:
          Supercalifragilisticexpialidocious-and-then-some-more-text-without-spaces.
        </Typography.Paragraph>
      </main>
    ),
  },
};

export const WithoutNavigation: Story = {
  args: { ...Shell.args, navigation: null },
};
