// The report pages' tests: the lookups their filters read (organizations, provider types), answered the same way.
import { jsonResponse } from '@carelane/shared-session/testing';
import { organizationFixture, paging, type ApiCall } from '@carelane/shared-ui/testing';

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
