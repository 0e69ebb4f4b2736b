// The phrase library as the page lists it: the API answers every template at once (a few hundred at most), so the
// category filter, the search, the sort and the paging are done here, from the URL's filters.
import { fillInsOf, type GoalTemplate } from '@carelane/shared-domain';

export const SORT_FIELDS = ['category', 'person', 'action', 'phrase'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
/** A sort as the URL keeps it: 'phrase' ascending, '-phrase' descending. */
export const SORT_VALUES = [
  'category',
  '-category',
  'person',
  '-person',
  'action',
  '-action',
  'phrase',
  '-phrase',
] as const;
export type SortValue = (typeof SORT_VALUES)[number];

export type TemplateFilters = {
  category?: string;
  search?: string;
  sort?: SortValue;
  pageNumber: number;
  pageSize: number;
};

const folded = (text: string) => text.toLocaleLowerCase();

/** Whether every word of the search is in the template's person, action, phrase or German text. */
export function matchesSearch(template: GoalTemplate, search: string | undefined): boolean {
  const words = folded(search ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return true;
  const text = folded(
    [template.category, template.person, template.action, template.phrase, template.phraseDe ?? ''].join(' '),
  );
  return words.every((word) => text.includes(word));
}

/** The sort of a column as the table shows it. */
export function sortOrderOf(sort: SortValue | undefined, field: SortField): 'ascend' | 'descend' | null {
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}

/** The templates that match the filters, sorted (the server's order, by category, when no sort is asked). */
export function filteredTemplates(rows: readonly GoalTemplate[], filters: TemplateFilters): GoalTemplate[] {
  const matching = rows.filter(
    (row) => (!filters.category || row.category === filters.category) && matchesSearch(row, filters.search),
  );
  if (!filters.sort) return matching;
  const descending = filters.sort.startsWith('-');
  const field = (descending ? filters.sort.slice(1) : filters.sort) as SortField;
  const sign = descending ? -1 : 1;
  return matching.sort(
    (a, b) =>
      sign * a[field].localeCompare(b[field], undefined, { sensitivity: 'base' }) ||
      a.phrase.localeCompare(b.phrase) ||
      a.id - b.id,
  );
}

/** The rows of one page of the filtered list. */
export function pageOf<T>(rows: readonly T[], pageNumber: number, pageSize: number): T[] {
  return rows.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
}

/** A phrase cut into text and fill-ins: 'below {systolic} mmHg' → ['below ', '{systolic}', ' mmHg']. */
export function phraseParts(phrase: string): { text: string; fillIn: boolean }[] {
  return phrase
    .split(/(\{[a-zA-Z][a-zA-Z0-9_]*\})/)
    .filter((text) => text !== '')
    .map((text) => ({ text, fillIn: /^\{[a-zA-Z][a-zA-Z0-9_]*\}$/.test(text) }));
}

/**
 * Why a German text does not fit its phrase, or null: it must have the phrase's fill-ins, no more and no fewer,
 * since the goal builder fills both from one set of answers.
 */
export function germanFillInProblem(phrase: string, phraseDe: string | null | undefined): string | null {
  if (!phraseDe?.trim()) return null;
  const english = fillInsOf(phrase).sort();
  const german = fillInsOf(phraseDe).sort();
  if (english.join('|') === german.join('|')) return null;
  const names = (list: string[]) => (list.length ? list.map((name) => `{${name}}`).join(', ') : 'none');
  return `German text must have the same fill-ins as the phrase (${names(english)}); it has ${names(german)}.`;
}
