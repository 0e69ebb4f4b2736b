import { latestTodayAnywhere, type NoteListRow } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import {
  apiError,
  cardValues,
  paging,
  phoneScreen,
  renderPage,
  type RenderedPage,
} from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import dayjs from 'dayjs';
import { lateText } from './late-text';
import NotesListPage, { notesListDates, printAllPath } from './NotesListPage';

// antd tables and selects render slowly in jsdom on a busy machine.
jest.setTimeout(90_000);

const row: NoteListRow = {
  visitId: 5,
  noteId: 11,
  noteType: 'SOC',
  noteTypeName: 'Start of care',
  status: 'NotesOverdue',
  statusLabel: 'Notes Overdue',
  dateOfService: '2030-06-04',
  patientId: 9,
  patientName: 'Doe, Jane',
  providerId: 40,
  providerName: 'Rivera, Casey',
  referralSourceId: 3,
  referralSourceName: 'Sunrise Home Health',
  episodeId: 42,
  dueAt: '2030-06-06T10:00:00.000Z',
  minutesLate: 2 * 24 * 60 + 30,
  submittedAt: null,
};
const inReview: NoteListRow = {
  ...row,
  visitId: 6,
  noteId: 12,
  noteType: 'SNV',
  noteTypeName: 'Skilled nursing visit',
  status: 'NotesInReview',
  statusLabel: 'Notes In Review',
  patientName: 'Roe, Richard',
  minutesLate: null,
  submittedAt: '2030-06-05T12:00:00.000Z',
};
const dueSoon: NoteListRow = {
  ...row,
  visitId: 7,
  status: 'NotesDue',
  statusLabel: 'Notes Due',
  patientName: 'Poe, Edgar',
  minutesLate: 180,
};

const listAnswer = (rows: NoteListRow[], total = rows.length, pageNumber = 1) =>
  jsonResponse({ rows, paging: paging(total, pageNumber) });

function open(url: string, list: () => Response = () => listAnswer([row, inReview, dueSoon]), roleId = 1) {
  return renderPage(<NotesListPage />, {
    url,
    roleId,
    ...(roleId === 9 ? { referralSourceId: 3 } : {}),
    route: (call) => {
      const path = call.url.pathname;
      if (path === '/api/notes/notes') return list();
      if (path === '/api/admin/patients') return jsonResponse({ rows: [], paging: paging(0) });
      if (path === '/api/admin/providers')
        return jsonResponse({ providers: [], pageCount: 0, pageTotalCount: 0, paging: paging(0) });
      if (path === '/api/admin/referralSources') return jsonResponse({ rows: [], paging: paging(0) });
      if (path.startsWith('/api/admin/patients/')) return apiError(404, 'Not found');
      return undefined;
    },
  });
}

const listCalls = (page: RenderedPage) => page.calls.filter((c) => c.url.pathname === '/api/notes/notes');
const lastListParams = (page: RenderedPage) => listCalls(page).at(-1)!.url.searchParams;

describe('lateText', () => {
  it('says how late in minutes, hours or days, nothing when not late', () => {
    expect(lateText(null)).toBeNull();
    expect(lateText(0)).toBeNull();
    expect(lateText(45)).toBe('45 min late');
    expect(lateText(180)).toBe('3 h late');
    expect(lateText(24 * 60 - 1)).toBe('23 h late');
    expect(lateText(2 * 24 * 60 + 30)).toBe('2 d late');
  });
});

describe('notesListDates and printAllPath', () => {
  it('default to visit completion −60 days to today in every zone (SPEC §9, decision 039)', () => {
    const now = new Date('2026-11-24T08:00:00Z');
    expect(notesListDates(undefined, undefined, now)).toEqual({
      startDate: '2026-09-25',
      endDate: '2026-11-24',
    });
    // 9 PM on 11/27 in Chicago (11/28 03:00Z) is already 11/28 in UTC and further east: today's notes are in.
    expect(
      notesListDates(undefined, undefined, new Date('2026-11-28T03:00:00Z')).endDate >= '2026-11-28',
    ).toBe(true);
    expect(notesListDates('2026-01-01', '2026-01-31', now)).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
  });

  it('prints for one service request or one patient only', () => {
    const dates = { startDate: '2026-09-25', endDate: '2026-11-24' };
    expect(printAllPath(dates)).toBeNull();
    expect(printAllPath({ ...dates, patientId: 9 })).toBe(
      '/notesPrint?patientId=9&startDate=2026-09-25&endDate=2026-11-24',
    );
    expect(printAllPath({ ...dates, patientId: 9, episodeId: 42 })).toBe(
      '/notesPrint?episodeId=42&startDate=2026-09-25&endDate=2026-11-24',
    );
  });
});

describe('NotesListPage', () => {
  it('lists the rows the API answers, each linking to its note, asked for the last 60 days', async () => {
    const page = open('/notes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Visit notes' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Visit notes' });
    expect(await within(table).findByText('Doe, Jane')).toBeTruthy();
    expect(within(table).getAllByText('Rivera, Casey').length).toBe(3);
    expect(within(table).getAllByText('Sunrise Home Health').length).toBe(3);
    expect(within(table).getAllByText('Start of care').length).toBe(2);
    expect(within(table).getByText('Skilled nursing visit')).toBeTruthy();
    expect(within(table).getByText('Notes Overdue')).toBeTruthy();
    expect(within(table).getByText('Notes In Review')).toBeTruthy();
    const link = within(table).getByRole('link', { name: /open the note of Doe, Jane/ });
    expect(link.getAttribute('href')).toBe('/note?visitId=5');
    expect(link.textContent).toContain('6/4/2030');
    const params = lastListParams(page);
    expect(params.get('status')).toBe('ALL');
    expect(params.get('pageNumber')).toBe('1');
    expect(params.get('pageSize')).toBe('10');
    expect(params.get('startDate')).toBe(dayjs().subtract(60, 'day').format('YYYY-MM-DD'));
    expect(params.get('endDate')).toBe(latestTodayAnywhere());
    expect(screen.getByRole('link', { name: 'Print all notes' }).getAttribute('href')).toBe('/notesPrint');
    page.done();
  });

  it('shows how late an unsubmitted note is, highlighted, and when the submitted one came in', async () => {
    const page = open('/notes');
    const late = await screen.findByText('2 d late');
    expect(late.closest('.notes-late, .ant-typography-danger')).toBeTruthy();
    expect(screen.getByText('3 h late')).toBeTruthy();
    const reviewRow = screen.getByText('Roe, Richard').closest('tr')!;
    expect(within(reviewRow).queryByText(/late/)).toBeNull();
    expect(
      within(reviewRow).getByText(dayjs('2030-06-05T12:00:00.000Z').format('M/D/YYYY h:mm A')),
    ).toBeTruthy();
    page.done();
  });

  it('says which rows of how many it shows and pages through the URL', async () => {
    const page = open('/notes?pageNumber=2', () => listAnswer([row], 57, 2));
    expect(await screen.findByText('Showing 11–20 of 57')).toBeTruthy();
    expect(lastListParams(page).get('pageNumber')).toBe('2');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(new URLSearchParams(location.search).get('pageNumber')).toBe('3'));
    await waitFor(() => expect(lastListParams(page).get('pageNumber')).toBe('3'));
    page.done();
  });

  it('the review queue is the list filtered to Notes In Review, in the URL', async () => {
    const page = open('/notes');
    await screen.findByText('Doe, Jane');
    fireEvent.click(screen.getByText('Review queue'));
    await waitFor(() => expect(new URLSearchParams(location.search).get('status')).toBe('NotesInReview'));
    await waitFor(() => expect(lastListParams(page).get('status')).toBe('NotesInReview'));
    expect(await screen.findByRole('table', { name: 'Notes awaiting review' })).toBeTruthy();
    page.done();
  });

  it('reads its filters from the URL and offers print all for one patient', async () => {
    const page = open('/notes?status=NotesApproved&patientId=9&from=2030-01-01&to=2030-06-30&providerId=40');
    await screen.findByText('Doe, Jane');
    const params = lastListParams(page);
    expect(params.get('status')).toBe('NotesApproved');
    expect(params.get('patientId')).toBe('9');
    expect(params.get('providerId')).toBe('40');
    expect(params.get('startDate')).toBe('2030-01-01');
    expect(params.get('endDate')).toBe('2030-06-30');
    const print = screen.getByRole('link', { name: 'Print all notes' });
    expect(print.getAttribute('href')).toBe(
      '/notesPrint?patientId=9&startDate=2030-01-01&endDate=2030-06-30',
    );
    fireEvent.click(print);
    expect(page.navigations).toEqual(['/notesPrint?patientId=9&startDate=2030-01-01&endDate=2030-06-30']);
    page.done();
  });

  it('a new service request number goes to the URL and back to page 1', async () => {
    const page = open('/notes?pageNumber=3', () => listAnswer([row], 57, 3));
    await screen.findByText('Doe, Jane');
    const box = screen.getByRole('spinbutton', { name: 'Service request number' });
    fireEvent.change(box, { target: { value: '42' } });
    await waitFor(() => expect(new URLSearchParams(location.search).get('episodeId')).toBe('42'));
    expect(new URLSearchParams(location.search).get('pageNumber')).toBeNull();
    await waitFor(() => expect(lastListParams(page).get('episodeId')).toBe('42'));
    page.done();
  });

  it('says so when no notes match', async () => {
    const page = open('/notes', () => listAnswer([]));
    expect(await screen.findByText('No notes match these filters.')).toBeTruthy();
    expect(screen.getByText('No results')).toBeTruthy();
    page.done();
  });

  it('shows the error with a retry when the list cannot be loaded', async () => {
    const page = open('/notes', () => apiError(500, 'Something went wrong.'));
    expect(await screen.findByText(/Sorry, the notes could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeTruthy();
    page.done();
  });

  it('organization users get no clinician or organization pickers and no review queue', async () => {
    const page = open('/notes', undefined, 9);
    await screen.findByText('Doe, Jane');
    expect(screen.queryByRole('combobox', { name: 'Clinician' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Organization' })).toBeNull();
    expect(screen.queryByText('Review queue')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Patient' })).toBeTruthy();
    page.done();
  });

  it('clinicians get their own list: no pickers and no review queue', async () => {
    const page = open('/notes', undefined, 4);
    await screen.findByText('Doe, Jane');
    for (const name of ['Clinician', 'Patient', 'Organization'])
      expect(screen.queryByRole('combobox', { name })).toBeNull();
    expect(screen.queryByText('Review queue')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
    page.done();
  });

  it('has no serious or critical axe violations (list, review queue, empty)', async () => {
    for (const [url, list] of [
      ['/notes?patientId=9', () => listAnswer([row, inReview, dueSoon], 57)],
      ['/notes?status=NotesInReview', () => listAnswer([inReview])],
      ['/notes', () => listAnswer([])],
    ] as const) {
      const page = open(url, list);
      await screen.findByText(/^Showing|^No results$/);
      const results = await axe.run(page.container, { rules: { 'color-contrast': { enabled: false } } });
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
      page.done();
    }
  });
});

describe('NotesListPage on a phone', () => {
  it('shows each note as a card: its date of service opens the note, the other columns as label and value', async () => {
    const restore = phoneScreen();
    try {
      const page = open('/notes', () => listAnswer([row]), 4);
      const cards = await screen.findByRole('list', { name: 'Visit notes' });
      expect(screen.queryByRole('table')).toBeNull();
      const card = within(cards).getByRole('listitem');
      const link = within(card).getByRole('link', { name: /open the note of Doe, Jane/ });
      expect(link.getAttribute('href')).toBe('/note?visitId=5');
      expect(link.textContent).toContain('6/4/2030');
      expect(cardValues(card)).toMatchObject({
        Patient: 'Doe, Jane',
        Clinician: 'Rivera, Casey',
        Organization: 'Sunrise Home Health',
        'Note type': 'Start of care',
        Status: 'Notes Overdue',
      });
      expect(cardValues(card).Due).toContain('2 d late');
      page.done();
    } finally {
      restore();
    }
  });
});
