import { RATING_TOOLTIP_LINES, ratingColor, ratingLabel, type RatingColor } from '@carelane/shared-domain';
import { Tag, Tooltip } from 'antd';

export type RatingDetails = {
  assignmentsReliability?: number | null;
  notesReliability?: number | null;
  satisfaction?: number | null;
};

export type RatingBadgeProps = {
  rating: number | null | undefined;
  /** The three parts of the rating, shown in the tooltip beside their names when given. */
  details?: RatingDetails;
};

const TAG_COLOR: Record<RatingColor, string> = {
  green: 'green',
  orange: 'orange',
  red: 'red',
  grey: 'default',
};

const [ASSIGNMENTS_LINE, NOTES_LINE, SATISFACTION_LINE] = RATING_TOOLTIP_LINES;
const DETAIL_LINES = [
  { line: ASSIGNMENTS_LINE, key: 'assignmentsReliability' },
  { line: NOTES_LINE, key: 'notesReliability' },
  { line: SATISFACTION_LINE, key: 'satisfaction' },
] as const;

const detailText = (detail: number | null | undefined) =>
  typeof detail === 'number' && Number.isFinite(detail) ? `: ${detail.toFixed(1)}` : '';

/** SPEC §9 provider rating badge: one decimal, coloured by band, 'NR' in grey when not rated. */
export function RatingBadge({ rating, details }: RatingBadgeProps) {
  const label = ratingLabel(rating);
  const color = ratingColor(rating);
  const tooltip = (
    <ul className="carelane-rating-tooltip" style={{ margin: 0, paddingLeft: 16 }}>
      {DETAIL_LINES.map(({ line, key }) => (
        <li key={line}>
          {line}
          {detailText(details?.[key])}
        </li>
      ))}
    </ul>
  );
  return (
    <Tooltip title={tooltip}>
      <Tag
        color={TAG_COLOR[color]}
        data-color={color}
        className={`carelane-rating carelane-rating-${color}`}
        aria-label={label === 'NR' ? 'Provider rating: not rated' : `Provider rating ${label}`}
        tabIndex={0}
        style={{ fontVariantNumeric: 'tabular-nums', cursor: 'default' }}
      >
        {label}
      </Tag>
    </Tooltip>
  );
}
