import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderPage } from '../common/test-kit';
import ArchiveOldDataPage from './ArchiveOldDataPage';

jest.setTimeout(120_000);

const run = {
  id: 5,
  olderThan: '2025-01-01',
  episodeReason: 'Patient discharged',
  patientReason: 'Other',
  total: 10,
  done: 3,
  status: 'Running',
  error: null,
  createdBy: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
};

describe('ArchiveOldDataPage', () => {
  it('polls a running archive and shows its progress until it is done', async () => {
    let polls = 0;
    const page = renderPage(<ArchiveOldDataPage />, {
      url: '/archiveOldData?run=5',
      route: (call) => {
        if (call.url.pathname === '/api/admin/constants')
          return jsonResponse([
            {
              type: 'episode',
              name: 'episodeArchiveReasons',
              value: '[{"id":1,"label":"Patient discharged"}]',
              description: '',
            },
          ]);
        if (call.url.pathname === '/api/admin/archive/runs') return jsonResponse({ rows: [] });
        if (call.url.pathname === '/api/admin/archive/runs/5') {
          polls += 1;
          return jsonResponse(
            polls < 2 ? run : { ...run, done: 10, status: 'Done', finishedAt: '2026-01-01T00:01:00.000Z' },
          );
        }
        return undefined;
      },
    });
    expect(await screen.findByText('Archived 3 of 10 records…')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
    expect(await screen.findByText('Done: 10 records archived.')).toBeTruthy();
    expect(polls).toBeGreaterThanOrEqual(2);
    page.done();
  });

  it('counts first, confirms with that count, then starts the run and follows it', async () => {
    const page = renderPage(<ArchiveOldDataPage />, {
      url: '/archiveOldData',
      route: (call) => {
        if (call.url.pathname === '/api/admin/constants')
          return jsonResponse([
            {
              type: 'episode',
              name: 'episodeArchiveReasons',
              value: '[{"id":1,"label":"Patient discharged"},{"id":2,"label":"Other"}]',
              description: '',
            },
          ]);
        if (call.url.pathname === '/api/admin/archive/runs' && call.method === 'GET')
          return jsonResponse({ rows: [] });
        if (call.url.pathname === '/api/admin/archive/preview')
          return jsonResponse({ olderThan: '2025-01-01', episodes: 4, patients: 2 });
        if (call.url.pathname === '/api/admin/archive/runs' && call.method === 'POST')
          return jsonResponse({ ...run, id: 6, total: 6, done: 0 }, 202);
        if (call.url.pathname === '/api/admin/archive/runs/6')
          return jsonResponse({ ...run, id: 6, total: 6, done: 6, status: 'Done' });
        return undefined;
      },
    });
    const user = userEvent.setup();
    const day = await screen.findByLabelText('No visit on or after');
    await user.click(day);
    await user.type(day, '1/1/2025{Enter}');
    for (const [label, option] of [
      ['Reason for service requests', 'Patient discharged'],
      ['Reason for patients', 'Other'],
    ] as const) {
      fireEvent.mouseDown(screen.getByLabelText(label));
      const choices = await screen.findAllByTitle(option);
      await user.click(choices.at(-1)!);
    }
    await user.click(screen.getByRole('button', { name: 'Count what would be archived' }));
    expect(await screen.findByText('4 service requests and 2 patients would be archived.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Archive…' }));
    expect((await screen.findAllByText('Archive 4 service requests and 2 patients?')).length).toBeGreaterThan(
      0,
    );
    expect(page.calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(screen.getAllByRole('button', { name: 'Archive' }).at(-1)!);
    expect(await screen.findByText('Done: 6 records archived.')).toBeTruthy();
    expect(page.calls.find((call) => call.method === 'POST')!.body).toEqual({
      olderThan: '2025-01-01',
      episodeReason: 'Patient discharged',
      patientReason: 'Other',
      expectedEpisodes: 4,
      expectedPatients: 2,
    });
    await waitFor(() => expect(globalThis.location.search).toBe('?run=6'));
    page.done();
  });
});
