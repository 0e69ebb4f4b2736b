import { Empty, Typography } from 'antd';
import { type ReactNode } from 'react';

export type EmptyStateProps = {
  title: string;
  description?: ReactNode;
  /** A next step, such as a 'New patient' button. */
  action?: ReactNode;
};

/** What a list or a page shows when there is nothing to show yet. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <div className="carelane-empty-state">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text strong>{title}</Typography.Text>
            {description ? (
              <div>
                <Typography.Text type="secondary">{description}</Typography.Text>
              </div>
            ) : null}
          </>
        }
      >
        {action}
      </Empty>
    </div>
  );
}
