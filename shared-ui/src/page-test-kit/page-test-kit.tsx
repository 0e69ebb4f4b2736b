// Test helpers for any page of the shell or an area (never imported by product code): a page rendered signed in,
// with the API answered by the test, and what it asked for (calls) and published (toasts, navigations).
import { getBus, getQueryClient, setSession } from '@carelane/shared-session';
import { jsonResponse, mockFetch, sessionOf } from '@carelane/shared-session/testing';
import { fireEvent, render, screen, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../app-providers/AppProviders';

/** One call the page made to the API. */
export type ApiCall = { url: URL; method: string; headers: Headers; body: unknown };
/** Answers one call, or undefined for a call the test does not expect (it then fails). */
export type Route = (call: ApiCall) => Response | Promise<Response> | undefined;

export type RenderedPage = RenderResult & {
  calls: ApiCall[];
  toasts: string[];
  errorToasts: string[];
  navigations: string[];
  /** Unmounts, clears the cache and signs out. */
  done: () => void;
};

/**
 * Renders `page` signed in as `roleId` (default 1, the administrator; `referralSourceId` for an organization
 * user) at the in-app address `url`, answering API calls with `route` (an unanswered call fails the test).
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

/** A list answer's paging block. */
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

/** A file the page saved: its name and its text. */
export type SavedFile = { name: string; text: () => Promise<string> };

/**
 * Catches the files the page saves (an object URL clicked as an `<a download>`, as the kit's csvFile does), in the
 * order saved; `restore()` puts the browser's own click back.
 */
export function captureDownloads(): { saved: SavedFile[]; restore: () => void } {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = jest.fn((made: Blob) => {
    const url = `blob:saved-${blobs.size}`;
    blobs.set(url, made);
    return url;
  });
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href) ?? blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ name: this.download, text: () => textOf(blob) });
  });
  return { saved, restore: () => click.mockRestore() };
}

function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
