import { engagementColor, type EngagementColor, formatDate } from '@carelane/shared-domain';
import { theme, Tooltip } from 'antd';

export type EngagementDotProps = {
  lastLogin: Date | string | null | undefined;
  /** For stories and tests; defaults to now. */
  now?: Date;
};

const MEANING: Record<EngagementColor, string> = {
  green: 'active in the last 7 days',
  orange: 'last login over 7 days ago',
  red: 'last login over 14 days ago',
};

/** SPEC §4 engagement colour: last login over 14 days ago red, over 7 days orange, else green. */
export function EngagementDot({ lastLogin, now }: EngagementDotProps) {
  const { token } = theme.useToken();
  const color = engagementColor(lastLogin, now);
  const shown = formatDate(lastLogin);
  const label = shown ? `Engagement: ${MEANING[color]} (last login ${shown})` : 'Engagement: never logged in';
  const fill = { green: token.colorSuccess, orange: token.colorWarning, red: token.colorError }[color];
  return (
    <Tooltip title={label}>
      <span
        role="img"
        aria-label={label}
        data-color={color}
        className={`carelane-engagement-dot carelane-engagement-${color}`}
        style={{
          display: 'inline-block',
          width: 10,
          height: 10,
          borderRadius: '50%',
          background: fill,
          verticalAlign: 'middle',
        }}
      />
    </Tooltip>
  );
}
