import { Button, Typography } from 'antd';

/**
 * A report table's figure: this period's value as shown — a link-button opening its records when `onOpen` is
 * given — and under it a second line (the prior period's value and the change).
 */
export function FigureValue({
  shown,
  ariaLabel,
  secondLine,
  onOpen,
}: {
  shown: string;
  /** What the button says to a screen reader: the value, the figure and the row. */
  ariaLabel: string;
  secondLine: string;
  /** Absent: nothing to open (no records behind the value). */
  onOpen?: () => void;
}) {
  return (
    <div>
      {onOpen ? (
        <Button type="link" size="small" style={{ padding: 0 }} aria-label={ariaLabel} onClick={onOpen}>
          {shown}
        </Button>
      ) : (
        <span>{shown}</span>
      )}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {secondLine}
      </Typography.Text>
    </div>
  );
}
