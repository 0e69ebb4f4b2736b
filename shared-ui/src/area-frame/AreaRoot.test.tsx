import { getQueryClient } from '@carelane/shared-session';
import { useQueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { RENDER_ERROR_MESSAGE } from '../app-providers/AppProviders';
import type { AreaRouteTable, PageProps } from './area-routes';
import { AreaRoot } from './AreaRoot';
import { singletonRecords, TEST_SINGLETONS } from './test-singletons';

const TABLE: AreaRouteTable = {
  title: 'Billing',
  description: 'Invoices and payments',
  routes: [
    { path: '/invoices', title: 'Invoices', pages: ['invoices'] },
    { path: '/nachaFile', title: 'NACHA bank payment file', pages: ['nachaFile'] },
  ],
};

function InvoicesPage({ route }: PageProps) {
  const usesSharedClient = useQueryClient() === getQueryClient();
  return (
    <h1>
      {route.title} page{usesSharedClient ? ' (shared query client)' : ''}
    </h1>
  );
}

function renderAt(path: string, pages: Parameters<typeof AreaRoot>[0]['pages'] = {}) {
  window.history.pushState(null, '', path);
  return render(
    <AreaRoot area="mf-test" table={TABLE} pages={pages} singletons={TEST_SINGLETONS} build="mf-test@1" />,
  );
}

describe('AreaRoot', () => {
  it('shows "not built yet" in the area frame, marked with the area and the build', () => {
    renderAt('/nachaFile');
    expect(screen.getByRole('heading', { level: 1, name: 'NACHA bank payment file' })).toBeTruthy();
    expect(screen.getByText('Not built yet')).toBeTruthy();
    expect(screen.getByText('This page of Billing comes with a later release.')).toBeTruthy();
    const frame = document.querySelector('.carelane-area');
    expect(frame?.getAttribute('data-area')).toBe('mf-test');
    expect(frame?.getAttribute('data-build')).toBe('mf-test@1');
  });

  it('shows a built page with its route, inside the shared query client', () => {
    renderAt('/invoices/?page=2', { '/invoices': InvoicesPage });
    expect(screen.getByRole('heading', { name: 'Invoices page (shared query client)' })).toBeTruthy();
    expect(screen.queryByText('Not built yet')).toBeNull();
  });

  it('follows navigation: popstate and single-spa routing events', () => {
    renderAt('/invoices', { '/invoices': InvoicesPage });
    act(() => {
      window.history.pushState(null, '', '/nachaFile');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading', { level: 1, name: 'NACHA bank payment file' })).toBeTruthy();
    act(() => {
      window.history.pushState(null, '', '/invoices');
      window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
    });
    expect(screen.getByRole('heading', { name: /^Invoices page/ })).toBeTruthy();
    act(() => {
      window.history.pushState(null, '', '/elsewhere');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(document.querySelector('[data-area]')).toBeNull();
  });

  it('shows nothing on a path it does not own', () => {
    const { container } = renderAt('/no-such-page');
    expect(container.textContent).toBe('');
  });

  it('catches a page that throws, logs it with the area name and offers Retry', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    renderAt('/invoices', { '/invoices': Broken });
    expect(screen.getByText(RENDER_ERROR_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: /retry/i })).toBeTruthy();
    expect(errors).toHaveBeenCalledWith(
      'mf-test: a page failed to render',
      expect.objectContaining({ message: 'boom' }),
      expect.any(String),
    );
  });

  it('records the singletons it was given under the area name', () => {
    renderAt('/invoices');
    expect(singletonRecords()['mf-test']?.antd).toBe(TEST_SINGLETONS.antd.ConfigProvider);
  });
});
