// A card of the clinician page whose title is a real level-2 heading naming the section it holds.
import { Card } from 'antd';
import { useId, type ReactNode } from 'react';

export function HeadedCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card
      title={
        <h2 id={headingId} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </h2>
      }
      style={{ maxWidth: 1100 }}
    >
      <section aria-labelledby={headingId}>{children}</section>
    </Card>
  );
}
