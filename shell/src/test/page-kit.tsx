// Test helpers of the shell's pages (never imported by product code): a page rendered signed in, with the
// API answered by the test, and what it published (toasts) and asked for (calls).
import { getBus, getQueryClient, setSession } from '@carelane/shared-session';
import { jsonResponse, mockFetch, sessionOf } from '@carelane/shared-session/testing';
import { AppProviders } from '@carelane/shared-ui';
import { configure, fireEvent, render, screen, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';

export { jsonResponse };

// antd's first renders in jsdom are slow on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

export type ApiCall = { url: URL; method: string; headers: Headers; body: unknown };
/** Answers one call, or undefined for a call the test does not expect (it then fails). */
export type Route = (call: ApiCall) => Response | Promise<Response> | undefined;

export type RenderedPage = RenderResult & {
  calls: ApiCall[];
  toasts: string[];
  errorToasts: string[];
  /** Unmounts, clears the cache and signs out. */
  done: () => void;
};

/** Renders `page` signed in as `roleId` at `url`, answering the API with `route`. */
export function renderPage(
  page: ReactElement,
  options: { url: string; roleId: number; route: Route },
): RenderedPage {
  globalThis.history.replaceState(null, '', options.url);
  setSession(sessionOf(options.roleId));
  const { calls } = mockFetch(async (call) => {
    const answer = await options.route(call);
    if (!answer) throw new Error(`unexpected call ${call.method} ${call.url.pathname}${call.url.search}`);
    return answer;
  });
  const toasts: string[] = [];
  const errorToasts: string[] = [];
  const bus = getBus();
  const subscriptions = [
    bus.toast$.subscribe((text) => toasts.push(text)),
    bus.errorToast$.subscribe((text) => errorToasts.push(text)),
  ];
  const view = render(<AppProviders queryClient={getQueryClient()}>{page}</AppProviders>);
  return {
    ...view,
    calls,
    toasts,
    errorToasts,
    done: () => {
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      view.unmount();
      getQueryClient().clear();
      setSession(null);
    },
  };
}

/** The server's 4xx answer, as the API sends it. */
export function apiError(
  status: number,
  error: string,
  errors?: { field: string; message: string }[],
): Response {
  return jsonResponse(
    { statusCode: status, code: 'BAD_REQUEST', error, ...(errors ? { errors } : {}) },
    status,
  );
}

export const paging = (totalCount: number, pageNumber = 1, pageSize = 10) => ({
  pageNumber,
  pageSize,
  pageCount: Math.ceil(totalCount / pageSize),
  totalCount,
});

/** Opens the antd Select named `label` and picks the option showing `option`. */
export async function choose(label: string, option: string): Promise<void> {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click((await screen.findAllByTitle(option)).at(-1)!);
}
