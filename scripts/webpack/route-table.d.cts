type PublishedRoute = { path: string; title: string; built?: boolean } & Record<string, unknown>;
export type PublishedRouteTable = { title: string; description: string; routes: PublishedRoute[] };
export function pagePaths(source: string, fileName?: string): string[];
export function markBuilt<T extends { routes: { path: string }[] }>(
  table: T,
  paths: string[],
  fileName?: string,
): T;
export function publishedRouteTable(tableFile: string, pagesFile: string): PublishedRouteTable;
