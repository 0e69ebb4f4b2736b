import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORIENTATION_SAVED } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, renderPage, type ApiCall } from '@carelane/shared-ui/testing';
import OrientationPage from './OrientationPage';
import { orientation } from './test-fixtures';

jest.setTimeout(60_000);

describe('OrientationPage', () => {
  it('saves the sections in their new order, with their ids and the version read', async () => {
    const page = renderPage(<OrientationPage />, {
      url: '/orientation?orientationId=4',
      roleId: 13,
      route: (call: ApiCall) => {
        if (call.method === 'GET') return jsonResponse(orientation);
        if (call.method === 'PUT') return jsonResponse({ ...orientation, version: 3 });
        return undefined;
      },
    });
    expect(await screen.findByRole('heading', { name: 'Welcome to Carelane' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Move section 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(page.toasts).toEqual([ORIENTATION_SAVED]));
    const put = page.calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/admin/orientations/4');
    expect(put.body).toMatchObject({
      version: 2,
      passMark: 67,
      sections: [
        { id: 12, index: 0, title: 'Your visits', videoUrl: null },
        { id: 11, index: 1, title: 'Who we are', videoUrl: 'https://videos.example/a' },
      ],
      questions: [{ id: 21, index: 0, options: ['On arrival', 'Never'], correctOption: 0 }],
    });
    page.done();
  });

  it('shows a stale save with the catalogue text, and previews what the clinician sees', async () => {
    const page = renderPage(<OrientationPage />, {
      url: '/orientation?orientationId=4',
      roleId: 1,
      route: (call: ApiCall) => {
        if (call.method === 'GET') return jsonResponse(orientation);
        if (call.method === 'PUT')
          return apiError(
            409,
            'This orientation was changed by someone else since you opened it. Reload it and make your change again.',
          );
        return undefined;
      },
    });
    await screen.findByRole('heading', { name: 'Welcome to Carelane' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const text =
      'Sorry, orientation could not be saved. This orientation was changed by someone else since you opened it. Reload it and make your change again.';
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(page.errorToasts).toEqual([text]);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Your visits' })).toBeTruthy();
    expect(within(dialog).getByText('When do you check in?')).toBeTruthy();
    page.done();
  });

  it('is read-only for a care coordinator', async () => {
    const page = renderPage(<OrientationPage />, {
      url: '/orientation?orientationId=4',
      roleId: 5,
      route: () => jsonResponse(orientation),
    });
    await screen.findByRole('heading', { name: 'Welcome to Carelane' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect((screen.getByLabelText('Title') as HTMLInputElement).disabled).toBe(true);
    page.done();
  });
});
