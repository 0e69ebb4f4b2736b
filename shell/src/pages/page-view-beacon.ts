// The view beacon of the public candidate pages (issue 26, decision 058): POST /api/public/page-views once when
// the page opens, without cookies (credentials omitted) and surviving a quick navigation (keepalive). It sends the
// page, the referrer (the server keeps its host only), the address' utm_source, and whether the address carried
// an invitation — never the token. Failures are ignored: counting must never break the page.
import type { CandidatePage, PageViewInput } from '@carelane/shared-domain';

export function sendPageView(page: CandidatePage): void {
  try {
    const params = new URLSearchParams(globalThis.location.search);
    const source = params.get('utm_source')?.trim().slice(0, 100);
    const referrer = globalThis.document?.referrer?.slice(0, 2000);
    const body: PageViewInput = {
      page,
      ...(referrer ? { referrer } : {}),
      ...(source ? { source } : {}),
      invitation: params.has('invitation'),
    };
    // The API is this page's origin (as the API client's default).
    void fetch(new URL('/api/public/page-views', globalThis.location.href).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Counting must never break the page.
  }
}
