/**
 * A report's rows sorted by one field on the page (the groups come whole): text by locale, numbers by value, a
 * null (nothing measured) last either way, ties by `idOf`. Without a field, the server's order (worst first).
 */
export function sortRowsBy<T, K extends keyof T>(
  rows: readonly T[],
  field: K | undefined,
  order: 'ascend' | 'descend',
  idOf: (row: T) => number,
): T[] {
  if (field === undefined) return [...rows];
  const sign = order === 'ascend' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[field] as unknown as string | number | null;
    const y = b[field] as unknown as string | number | null;
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const c = typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y);
    return c * sign || idOf(a) - idOf(b);
  });
}
