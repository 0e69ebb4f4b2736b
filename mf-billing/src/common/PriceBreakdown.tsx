// The rate engine's explanation of one amount (a visit to bill, an invoice line), behind a disclosure that
// works with the keyboard and is read by screen readers (a native <details>: no popup to trap or lose focus).
import { NONE, VISUALLY_HIDDEN } from '@carelane/shared-ui';

export function PriceBreakdown({ lines, subject }: { lines: readonly string[]; subject: string }) {
  if (!lines.length) return <>{NONE}</>;
  return (
    <details className="billing-breakdown" style={{ minWidth: 140 }}>
      <summary style={{ cursor: 'pointer', whiteSpace: 'nowrap' }}>
        How it is priced<span style={VISUALLY_HIDDEN}>{` — ${subject}`}</span>
      </summary>
      <ul style={{ margin: '4px 0 0', paddingLeft: 18, fontSize: 12 }}>
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </details>
  );
}
