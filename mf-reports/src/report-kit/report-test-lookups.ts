// The report pages' tests: the lookups their filters read (organizations, provider types), answered the same way.
import { jsonResponse } from '@carelane/shared-session/testing';
import { organizationFixture, paging, type ApiCall, type RenderedPage } from '@carelane/shared-ui/testing';

/** The organizations and provider types a report's filters list; undefined for any other call. */
export function lookupAnswer(call: ApiCall): Response | undefined {
  const path = call.url.pathname;
  if (path === '/api/admin/referralSources')
    return jsonResponse({
      rows: [organizationFixture(3, 'Sunrise Home Health'), organizationFixture(4, 'Lakeside Care')],
      paging: paging(2),
    });
  if (path === '/api/admin/providerTypes')
    return jsonResponse({
      rows: [
        { id: 1, type: 'RN' },
        { id: 2, type: 'PT' },
      ],
    });
  return undefined;
}

/** The calls the page made to `path` (GET unless told), oldest first. */
export const callsTo = (page: RenderedPage, path: string, method = 'GET') =>
  page.calls.filter((call) => call.url.pathname === path && call.method === method);

/** The query of the page's latest GET of `path`. */
export const lastParams = (page: RenderedPage, path: string) => callsTo(page, path).at(-1)!.url.searchParams;

/** The query of the page's own address (the filters it keeps in the URL). */
export const pageSearch = () => new URLSearchParams(location.search);
