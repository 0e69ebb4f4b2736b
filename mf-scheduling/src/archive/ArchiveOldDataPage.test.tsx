import { screen } from '@testing-library/react';
import { jsonResponse, renderPage } from '../physicians/test-kit';
import ArchiveOldDataPage from './ArchiveOldDataPage';

jest.setTimeout(60_000);

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
});
