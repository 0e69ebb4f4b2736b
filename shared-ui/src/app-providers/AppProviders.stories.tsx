import type { Meta, StoryObj } from '@storybook/react-vite';
import { App, Button, Flex, Input, Tag } from 'antd';
import { useState } from 'react';
import { ErrorBoundary } from './AppProviders';

const meta: Meta = { title: 'Foundations/AppProviders' };
export default meta;

function ThemeSample() {
  const { message } = App.useApp();
  return (
    <Flex vertical gap={12} style={{ maxWidth: 360 }}>
      <Flex gap={8}>
        <Button type="primary" onClick={() => message.success('Saved.')}>
          Primary action
        </Button>
        <Button>Secondary</Button>
        <Button type="link">Link</Button>
      </Flex>
      <Input placeholder="An input in the Carelane theme" />
      <Flex gap={4}>
        <Tag color="processing">Info</Tag>
        <Tag color="success">Success</Tag>
        <Tag color="warning">Warning</Tag>
        <Tag color="error">Error</Tag>
      </Flex>
    </Flex>
  );
}

/** The Carelane theme (calm teal) and the antd App context that message and notification need. */
export const Theme: StoryObj = { render: () => <ThemeSample /> };

function Exploding({ explode }: { explode: boolean }) {
  if (explode) throw new Error('A part of the page failed to render');
  return <p>This part rendered.</p>;
}

function BoundaryDemo() {
  const [explode, setExplode] = useState(false);
  return (
    <Flex vertical gap={12}>
      <Button onClick={() => setExplode((value) => !value)}>
        {explode ? 'Fix the part' : 'Break the part'}
      </Button>
      <ErrorBoundary onError={() => undefined}>
        <Exploding explode={explode} />
      </ErrorBoundary>
    </Flex>
  );
}

/** 'Break the part' makes it throw while rendering: the error state shows; fix it, then 'Retry'. */
export const CaughtRenderError: StoryObj = { render: () => <BoundaryDemo /> };
