// Test helpers of the part-C pages (never imported by product code).
import { getBus, getQueryClient, setSession } from '@carelane/shared-session';
import { jsonResponse, mockFetch, sessionOf } from '@carelane/shared-session/testing';
import { AppProviders } from '@carelane/shared-ui';
import { configure, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';

export { jsonResponse };

// antd's first renders in jsdom are slow on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

/** One call the page made to the API. */
export type ApiCall = { url: URL; method: string; headers: Headers; body: unknown };

export type RenderedPage = RenderResult & {
  calls: ApiCall[];
  toasts: string[];
  errorToasts: string[];
  navigations: string[];
  /** Unmounts, clears the cache and signs out. */
  done: () => void;
};

export type Route = (call: ApiCall) => Response | Promise<Response> | undefined;

/**
 * Renders a page signed in as `roleId` at the in-app address `url`, answering API calls with `route`
 * (an unanswered call fails the test). Returns the calls made and the toasts and navigations published.
 */
export function renderPage(
  page: ReactElement,
  options: { url: string; roleId?: number; referralSourceId?: number; route: Route },
): RenderedPage {
  globalThis.history.replaceState(null, '', options.url);
  setSession(
    sessionOf(
      options.roleId ?? 1,
      options.referralSourceId ? { referralSourceId: options.referralSourceId } : {},
    ),
  );
  const { calls } = mockFetch(async (call) => {
    const answer = await options.route(call);
    if (!answer) throw new Error(`unexpected call ${call.method} ${call.url.pathname}${call.url.search}`);
    return answer;
  });
  const toasts: string[] = [];
  const errorToasts: string[] = [];
  const navigations: string[] = [];
  const bus = getBus();
  const subscriptions = [
    bus.toast$.subscribe((text) => toasts.push(text)),
    bus.errorToast$.subscribe((text) => errorToasts.push(text)),
    bus.navigate$.subscribe((path) => navigations.push(path)),
  ];
  const view = render(<AppProviders queryClient={getQueryClient()}>{page}</AppProviders>);
  return {
    ...view,
    calls,
    toasts,
    errorToasts,
    navigations,
    done: () => {
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      view.unmount();
      getQueryClient().clear();
      setSession(null);
    },
  };
}

export const paging = (totalCount: number, pageNumber = 1, pageSize = 10) => ({
  pageNumber,
  pageSize,
  pageCount: Math.ceil(totalCount / pageSize),
  totalCount,
});
