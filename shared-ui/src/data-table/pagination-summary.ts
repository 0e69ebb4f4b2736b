/**
 * The list summary line: 'Showing 11–20 of 45' for page 2 of 10 over 45 rows; 'No results' when there is
 * nothing; 'Showing 0 of 45' for a page past the end; 'of 10000+' when the server stopped counting there.
 */
export function paginationSummary(
  pageNumber: number,
  pageSize: number,
  total: number,
  capped = false,
): string {
  if (!(total > 0)) return 'No results';
  const page = Math.max(1, Math.floor(pageNumber));
  const size = Math.max(1, Math.floor(pageSize));
  const from = (page - 1) * size + 1;
  const of = capped ? `${total}+` : `${total}`;
  if (from > total) return `Showing 0 of ${of}`;
  const to = Math.min(page * size, total);
  return `Showing ${from}–${to} of ${of}`;
}
