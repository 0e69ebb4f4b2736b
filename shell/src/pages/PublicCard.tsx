import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The frame of the public identity pages: the product name and one card in the middle. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex justify="center" align="flex-start" style={{ minHeight: '100vh', padding: '8vh 16px' }}>
      <div style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Text
          strong
          style={{ display: 'block', fontSize: 22, marginBottom: 16, textAlign: 'center' }}
        >
          Carelane
        </Typography.Text>
        <Card>
          <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
            {title}
          </Typography.Title>
          {children}
        </Card>
      </div>
    </Flex>
  );
}
