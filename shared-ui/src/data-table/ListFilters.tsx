import type { ReactNode } from 'react';
import { CARD_LAYOUT_QUERY } from './use-card-layout';

/**
 * Side by side and wrapping on a wide screen; on a phone (where lists are cards) one full-width column, whatever
 * width the page gave a filter. In CSS so that it holds from the first paint.
 */
const LIST_FILTERS_CSS = [
  '.carelane-list-filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-start; margin-bottom: 16px; }',
  '.carelane-list-filters > * { max-width: 100%; }',
  `@media ${CARD_LAYOUT_QUERY} {`,
  '  .carelane-list-filters { flex-direction: column; align-items: stretch; }',
  '  .carelane-list-filters > *, .carelane-list-filters > .carelane-date-range-filter .ant-picker { width: 100% !important; }',
  '}',
].join('\n');

export type ListFiltersProps = {
  /** The filters: selects, pickers, a date range. */
  children: ReactNode;
  /** Names the group for screen readers; defaults to 'Filters'. */
  label?: string;
};

/** The filters above a list: in a row that wraps on a wide screen, one column on a phone. */
export function ListFilters({ children, label = 'Filters' }: ListFiltersProps) {
  return (
    <>
      <style href="carelane-list-filters" precedence="default">
        {LIST_FILTERS_CSS}
      </style>
      {/* Filters are not a form's unsaved changes: the unsaved-changes guard skips them. */}
      <div role="group" aria-label={label} className="carelane-list-filters" data-unsaved-ignore>
        {children}
      </div>
    </>
  );
}
