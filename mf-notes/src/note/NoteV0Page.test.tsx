import { noteDetailSchema } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, renderPage } from '@carelane/shared-ui/testing';
import { screen } from '@testing-library/react';
import { smallDefinition } from '../form/test-definitions';
import NoteV0Page from './NoteV0Page';

jest.setTimeout(60_000);

const detail = (withNote = true) =>
  noteDetailSchema.parse({
    visit: {
      visitId: 5,
      episodeId: 2,
      status: 'NotesApproved',
      statusLabel: 'Notes approved',
      lateCancellation: false,
      version: 4,
      dateOfService: '2026-03-02',
      scheduledStart: '2026-03-02T15:00:00.000Z',
      scheduledEnd: '2026-03-02T16:00:00.000Z',
      timeZone: 'America/Chicago',
      timeIn: '2026-03-02T15:02:00.000Z',
      timeOut: '2026-03-02T15:58:00.000Z',
      patientId: 7,
      patientName: 'Rosa Diaz',
      address: '1 Main St',
      providerId: 3,
      providerName: 'Ann Lee',
      providerType: 'RN',
      visitType: 'Skilled nursing',
      referralSourceName: 'Sunrise Home Health',
      enableNotesWorkflow: true,
      evv: [],
      evvFlags: [],
    },
    note: withNote
      ? {
          id: 11,
          visitId: 5,
          noteType: 'SNV',
          definitionVersion: 2,
          values: { summary: 'Wound healing well.', painLevel: 2 },
          version: 3,
          savedAt: '2026-03-02T16:10:00.000Z',
          savedByName: 'Ann Lee',
          submittedAt: '2026-03-02T16:12:00.000Z',
        }
      : null,
    definition: smallDefinition,
    canEdit: false,
    canReview: false,
    canReopen: false,
  });

describe('NoteV0Page', () => {
  it('shows the note of an older form version as text, with its visit', async () => {
    const page = renderPage(<NoteV0Page />, {
      url: '/notev0?visitId=5',
      route: (call) =>
        call.url.pathname === '/api/notes/visits/5/note' ? jsonResponse(detail()) : undefined,
    });
    expect(await screen.findByText('Wound healing well.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Visit note (older form)' })).toBeTruthy();
    expect(screen.getByText('Skilled nursing visit · Form version 2')).toBeTruthy();
    expect(screen.getByText('Rosa Diaz')).toBeTruthy();
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    expect(screen.getByText('3/2/2026')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Clinical' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    page.done();
  });

  it('says so when the visit has no note', async () => {
    const page = renderPage(<NoteV0Page />, {
      url: '/notev0?visitId=5',
      route: () => jsonResponse(detail(false)),
    });
    expect(await screen.findByText('No note was written for this visit.')).toBeTruthy();
    page.done();
  });

  it('shows the error with a retry when the note cannot be loaded', async () => {
    const page = renderPage(<NoteV0Page />, {
      url: '/notev0?visitId=5',
      route: () => apiError(403, 'You may not read this note.'),
    });
    expect(
      await screen.findByText('Sorry, visit note could not be loaded. You may not read this note.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeTruthy();
    page.done();
  });

  it('asks for a visit without one', () => {
    const page = renderPage(<NoteV0Page />, { url: '/notev0', route: () => undefined });
    expect(screen.getByText('No visit chosen.')).toBeTruthy();
    page.done();
  });
});
