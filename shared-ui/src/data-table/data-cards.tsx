import { Card, ConfigProvider, Flex, Spin, theme } from 'antd';
import { Fragment, type Key } from 'react';
import { EmptyState } from '../empty-state/EmptyState';
import type { CardField } from './data-columns';

export type DataCardsProps<T> = {
  rows: readonly T[];
  fields: readonly CardField<T>[];
  rowKey: keyof T | ((row: T) => Key);
  loading: boolean;
  emptyText: string;
  ariaLabel?: string;
};

/** Row actions reach the WCAG size a thumb needs (44 px), whatever size the page gave its buttons. */
const LARGE_TARGETS = { components: { Button: { controlHeight: 44 } } };

/** The rows of one page as a list of cards: the primary column as the title, the others as a <dl>. */
export function DataCards<T extends object>({
  rows,
  fields,
  rowKey,
  loading,
  emptyText,
  ariaLabel,
}: DataCardsProps<T>) {
  const { token } = theme.useToken();
  const keyOf = (row: T): Key =>
    typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as unknown as Key);
  const primary = fields.find((field) => field.primary);
  const values = fields.filter((field) => !field.primary && !field.actions);
  const actions = fields.filter((field) => field.actions);

  return (
    <Spin spinning={loading}>
      {rows.length === 0 ? (
        <EmptyState title={emptyText} />
      ) : (
        <ul
          role="list"
          aria-label={ariaLabel}
          className="carelane-data-cards"
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
        >
          {rows.map((row, index) => (
            <li key={keyOf(row)} style={{ minWidth: 0 }}>
              <Card
                size="small"
                title={primary?.cell(row, index)}
                styles={{ title: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
              >
                <dl style={{ margin: 0 }}>
                  {values.map((field) => (
                    <div
                      key={field.key}
                      style={{
                        display: 'grid',
                        gridTemplateColumns: 'minmax(88px, 38%) minmax(0, 1fr)',
                        gap: 8,
                        padding: '4px 0',
                      }}
                    >
                      <dt style={{ color: token.colorTextSecondary }}>{field.label}</dt>
                      <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                        {field.cell(row, index)}
                      </dd>
                    </div>
                  ))}
                </dl>
                {actions.length > 0 ? (
                  <ConfigProvider theme={LARGE_TARGETS}>
                    <Flex wrap gap={8} style={{ marginTop: 8 }} className="carelane-data-card-actions">
                      {actions.map((field) => (
                        <Fragment key={field.key}>{field.cell(row, index)}</Fragment>
                      ))}
                    </Flex>
                  </ConfigProvider>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Spin>
  );
}
