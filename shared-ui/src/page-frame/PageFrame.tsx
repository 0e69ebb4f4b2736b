import { Flex, Typography } from 'antd';
import { type ReactNode, useId } from 'react';

export type PageFrameProps = {
  title: string;
  subtitle?: ReactNode;
  /** Page-level buttons, shown at the right of the title. */
  actions?: ReactNode;
  children?: ReactNode;
};

/** Every page's frame: one h1 title, an optional subtitle and actions, then the content. */
export function PageFrame({ title, subtitle, actions, children }: PageFrameProps) {
  const titleId = useId();
  return (
    <section className="carelane-page" aria-labelledby={titleId} style={{ padding: 24 }}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={1} id={titleId} style={{ fontSize: 24, margin: 0 }}>
            {title}
          </Typography.Title>
          {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
        </div>
        {actions ? (
          <Flex gap={8} wrap className="carelane-page-actions">
            {actions}
          </Flex>
        ) : null}
      </Flex>
      <div className="carelane-page-content">{children}</div>
    </section>
  );
}
