/**
 * /historicalChurn (issue 26, decision 055): clinicians and organizations active per month, won and lost, and the
 * cohorts of the month each was first active. The months are of the calendar the visits are dated by (each
 * visit's date of service, the organization's). Every figure is a set of ids computed here, so the list behind a
 * figure is that set and its total is the figure.
 */
import dayjs from 'dayjs';

export const CHURN_SUBJECTS = [
  {
    key: 'clinicians',
    label: 'Clinicians',
    one: 'clinician',
    activeRule: 'a clinician is active in a month with at least one staffed visit dated in it',
  },
  {
    key: 'organizations',
    label: 'Organizations',
    one: 'organization',
    activeRule:
      'an organization is active in a month with at least one visit asked for (published, expired unstaffed or staffed) dated in it',
  },
] as const;
export type ChurnSubject = (typeof CHURN_SUBJECTS)[number]['key'];
export const CHURN_SUBJECT_KEYS = CHURN_SUBJECTS.map((s) => s.key) as ChurnSubject[];

export const CHURN_FIGURES = [
  { key: 'active', label: 'Active', rule: 'active in the month' },
  { key: 'won', label: 'Won', rule: 'active in the month and not in the month before' },
  { key: 'new', label: 'New', rule: 'won, and never active before' },
  { key: 'returning', label: 'Returning', rule: 'won, and active in some earlier month' },
  { key: 'lost', label: 'Lost', rule: 'active in the month before and not in the month' },
] as const;
export type ChurnFigure = (typeof CHURN_FIGURES)[number]['key'];
export const CHURN_FIGURE_KEYS = CHURN_FIGURES.map((f) => f.key) as ChurnFigure[];

/** The longest window: two years. */
export const CHURN_MAX_MONTHS = 24;
export const CHURN_DEFAULT_MONTHS = 12;

/** A month as YYYY-MM. */
export type Month = string;

/**
 * One clinician's or organization's activity: the months it was active in (those of the window and the month
 * before it; any order) and the first month it was ever active.
 */
export type EntityActivity = { id: number; firstMonth: Month; months: readonly Month[] };

export type ChurnMonthRow = {
  month: Month;
  active: number;
  won: number;
  new: number;
  returning: number;
  lost: number;
  /** Lost over those active the month before; null when none was. */
  churnRate: number | null;
};

/** A cohort: the entities first active in `month`, and how many of them were active in each month from it on. */
export type ChurnCohortRow = { month: Month; size: number; retained: number[] };

const MONTH = 'YYYY-MM';

export const addMonths = (month: Month, n: number): Month => dayjs(`${month}-01`).add(n, 'month').format(MONTH);

/** The `months` months ending with `toMonth`, oldest first. */
export function churnWindow(toMonth: Month, months: number): Month[] {
  return Array.from({ length: months }, (_, i) => addMonths(toMonth, i - months + 1));
}

/** The first and last day (YYYY-MM-DD) of the window and the month before it: the days the activity is read for. */
export function churnDays(window: readonly Month[]): { from: string; to: string } {
  const before = addMonths(window[0]!, -1);
  const last = dayjs(`${window[window.length - 1]}-01`).endOf('month');
  return { from: `${before}-01`, to: last.format('YYYY-MM-DD') };
}

function isIn(entity: EntityActivity, month: Month): boolean {
  return entity.months.includes(month);
}

/** The ids behind one month's figure. */
export function churnMembers(
  entities: readonly EntityActivity[],
  month: Month,
  figure: ChurnFigure,
): number[] {
  const before = addMonths(month, -1);
  return entities
    .filter((e) => {
      const now = isIn(e, month);
      const then = isIn(e, before);
      switch (figure) {
        case 'active':
          return now;
        case 'won':
          return now && !then;
        case 'new':
          return now && !then && e.firstMonth === month;
        case 'returning':
          return now && !then && e.firstMonth < month;
        case 'lost':
          return then && !now;
      }
    })
    .map((e) => e.id)
    .sort((a, b) => a - b);
}

/** Each month of the window with its figures. */
export function churnMonths(entities: readonly EntityActivity[], window: readonly Month[]): ChurnMonthRow[] {
  return window.map((month) => {
    const count = (figure: ChurnFigure) => churnMembers(entities, month, figure).length;
    const lost = count('lost');
    const activeBefore = churnMembers(entities, addMonths(month, -1), 'active').length;
    return {
      month,
      active: count('active'),
      won: count('won'),
      new: count('new'),
      returning: count('returning'),
      lost,
      churnRate: activeBefore === 0 ? null : lost / activeBefore,
    };
  });
}

/** The ids of a cohort (first active in `cohort`) active `offset` months after it (0: the cohort itself). */
export function cohortMembers(entities: readonly EntityActivity[], cohort: Month, offset: number): number[] {
  const month = addMonths(cohort, offset);
  return entities
    .filter((e) => e.firstMonth === cohort && isIn(e, month))
    .map((e) => e.id)
    .sort((a, b) => a - b);
}

/** The cohorts first active within the window, each followed to the window's last month. */
export function churnCohorts(entities: readonly EntityActivity[], window: readonly Month[]): ChurnCohortRow[] {
  return window.map((month, i) => {
    const retained = window.slice(i).map((_, offset) => cohortMembers(entities, month, offset).length);
    return { month, size: retained[0]!, retained };
  });
}

/** A month for people: "Oct 2026". */
export const showMonth = (month: Month): string => dayjs(`${month}-01`).format('MMM YYYY');
