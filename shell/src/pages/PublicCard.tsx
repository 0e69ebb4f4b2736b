import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The frame of the public identity pages: the product name and one card in the middle. Drawn with the
 * theme's tokens rather than antd's Card and Typography, which would bring tabs and tooltips to the login page.
 */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex justify="center" align="flex-start" style={{ minHeight: '100vh', padding: '8vh 16px' }}>
      <div style={{ width: '100%', maxWidth: 420 }}>
        <strong
          style={{
            display: 'block',
            fontSize: 22,
            marginBottom: 16,
            textAlign: 'center',
            color: token.colorText,
          }}
        >
          Carelane
        </strong>
        <section
          style={{
            background: token.colorBgContainer,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            padding: token.paddingLG,
          }}
        >
          <h1
            style={{
              fontSize: 22,
              marginTop: 0,
              marginBottom: 16,
              fontWeight: 600,
              color: token.colorTextHeading,
            }}
          >
            {title}
          </h1>
          {children}
        </section>
      </div>
    </Flex>
  );
}
