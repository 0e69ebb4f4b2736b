import 'fake-indexeddb/auto';
import {
  EVV_MESSAGES,
  NOTE_TEXTS,
  type Note,
  type NoteDetail,
  type NoteEvvFlag,
} from '@carelane/shared-domain';
import { getSession, setSession } from '@carelane/shared-session';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, paging, renderPage, type RenderedPage, type Route } from '@carelane/shared-ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { draftStore } from './draft-store';
import NoteMobilePage from './NoteMobilePage';
import NotePage from './NotePage';

// The form renderer is another piece (src/form); these tests drive the page through a plain stand-in with the
// same props: a text box per field, onChange with the whole values, onFieldBlur when one is left.
jest.mock('../form/NoteForm', () => ({
  __esModule: true,
  default: (props: {
    definition: NoteDetail['definition'];
    values: Record<string, unknown>;
    onChange: (values: Record<string, unknown>) => void;
    onFieldBlur?: (id: string) => void;
    readOnly?: boolean;
    layout?: string;
    fieldExtras?: Record<string, unknown>;
    errors?: { field: string; message: string }[];
  }) => (
    <div data-layout={props.layout ?? 'desktop'}>
      {props.definition.sections
        .flatMap((section) => section.fields)
        .map((field) => (
          <div key={field.id}>
            <label>
              {field.label}
              <input
                value={String(props.values[field.id] ?? '')}
                readOnly={props.readOnly}
                onChange={(event) => props.onChange({ ...props.values, [field.id]: event.target.value })}
                onBlur={() => props.onFieldBlur?.(field.id)}
              />
            </label>
            {props.fieldExtras?.[field.id] as never}
            {props.errors
              ?.filter((error) => error.field === `values.${field.id}`)
              .map((error) => (
                <span key={error.message}>{error.message}</span>
              ))}
          </div>
        ))}
    </div>
  ),
}));

jest.setTimeout(60_000);

const VISIT_ID = 12;
const note = (changes: Partial<Note> = {}): Note => ({
  id: 5,
  visitId: VISIT_ID,
  noteType: 'SNV',
  definitionVersion: 1,
  values: { narrative: 'Patient resting', pain: '2' },
  version: 3,
  savedAt: '2026-11-20T15:10:00.000Z',
  savedByName: 'Casey Rivera',
  submittedAt: null,
  ...changes,
});
const detail = (changes: Partial<NoteDetail> = {}, visit: Partial<NoteDetail['visit']> = {}): NoteDetail => ({
  visit: {
    visitId: VISIT_ID,
    episodeId: 3,
    status: 'NotesDue',
    statusLabel: 'Notes Due',
    lateCancellation: false,
    version: 4,
    dateOfService: '2026-11-20',
    scheduledStart: '2026-11-20T14:00:00.000Z',
    scheduledEnd: '2026-11-20T15:00:00.000Z',
    timeZone: 'America/Chicago',
    timeIn: '2026-11-20T14:25:00.000Z',
    timeOut: '2026-11-20T15:05:00.000Z',
    patientId: 9,
    patientName: 'Nguyen, Mai',
    address: '1200 Barton Springs Rd, Austin, TX 78704',
    providerId: 40,
    providerName: 'Casey Rivera',
    providerType: 'RN',
    visitType: 'Skilled Nursing Visit',
    referralSourceName: 'Hill Country Home Health',
    enableNotesWorkflow: true,
    evv: [
      {
        kind: 'checkIn',
        at: '2026-11-20T14:25:00.000Z',
        recordedAt: '2026-11-20T14:25:05.000Z',
        location: 'home',
        latitude: 30.26,
        longitude: -97.76,
        distanceMiles: 0.12,
        locationFresh: true,
      },
      {
        kind: 'checkOut',
        at: '2026-11-20T15:05:00.000Z',
        recordedAt: '2026-11-20T15:05:05.000Z',
        location: 'home',
        latitude: 30.3,
        longitude: -97.7,
        distanceMiles: 4.8,
        locationFresh: false,
      },
    ],
    evvFlags: [],
    ...visit,
  },
  note: note(),
  definition: {
    noteType: 'SNV',
    version: 1,
    title: 'Skilled nursing visit',
    sections: [
      {
        id: 'visit',
        title: 'Visit',
        fields: [
          { id: 'narrative', kind: 'text', label: 'Narrative', multiline: true },
          { id: 'pain', kind: 'text', label: 'Pain' },
        ],
      },
    ],
  },
  canEdit: true,
  canReview: false,
  canReopen: false,
  ...changes,
});

/** The check-out recorded 6.9 miles from the patient's address (decision 038). */
const farCheckOut = (changes: Partial<NoteEvvFlag> = {}): NoteEvvFlag => ({
  id: 31,
  kind: 'distance',
  element: 'checkOut',
  at: '2026-11-20T15:05:00.000Z',
  distanceMiles: 6.9,
  limitMiles: 5,
  acknowledgedAt: null,
  acknowledgedByName: null,
  ...changes,
});

const NOTE_PATH = `/api/notes/visits/${VISIT_ID}/note`;
let comments: { rows: unknown[]; paging: ReturnType<typeof paging> } = { rows: [], paging: paging(0, 1, 5) };
/** renderPage's users are 100 + roleId. */
const CLINICIAN_ID = 104;
const REVIEWER_ID = 105;

let page: RenderedPage | undefined;
afterEach(async () => {
  page?.done();
  page = undefined;
  comments = { rows: [], paging: paging(0, 1, 5) };
  await draftStore().remove(VISIT_ID);
  await draftStore().removeSnapshot(CLINICIAN_ID, VISIT_ID);
  await draftStore().removeSnapshot(REVIEWER_ID, VISIT_ID);
});

/** The page with GET answered by `current()` and other calls by `route`; PUT acknowledged by default. */
function open(
  current: () => NoteDetail,
  route: Route = () => undefined,
  { roleId = 4, mobile = false }: { roleId?: number; mobile?: boolean } = {},
) {
  page = renderPage(mobile ? <NoteMobilePage /> : <NotePage />, {
    url: `/${mobile ? 'noteMobile' : 'note'}?visitId=${VISIT_ID}`,
    roleId,
    route: (call) => {
      const answer = route(call);
      if (answer) return answer;
      if (call.method === 'GET' && call.url.pathname === NOTE_PATH) return jsonResponse(current());
      if (call.method === 'GET' && call.url.pathname === `${NOTE_PATH}/comments`)
        return jsonResponse(comments);
      if (call.method === 'PUT' && call.url.pathname === NOTE_PATH) {
        const body = call.body as { values: Record<string, unknown>; baseVersion: number };
        return jsonResponse(note({ values: body.values, version: body.baseVersion + 1 }));
      }
      return undefined;
    },
  });
  return page;
}

const puts = (view: RenderedPage) => view.calls.filter((call) => call.method === 'PUT');
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

describe('/note', () => {
  it('shows the visit, the EVV check and the form; a clinician gets Save and Submit, not the review buttons', async () => {
    open(() => detail());
    expect(await screen.findByRole('heading', { level: 1, name: 'Visit note' })).toBeTruthy();
    expect(await screen.findByText('Skilled nursing visit')).toBeTruthy();
    expect(screen.getByText('Nguyen, Mai')).toBeTruthy();
    expect(screen.getByText('Notes Due')).toBeTruthy();
    // Time in 25 minutes after the scheduled start; checked out 5 minutes late (inside the tolerance).
    expect(screen.getByText(/25 min after the scheduled start/)).toBeTruthy();
    expect(screen.getByText('More than 15 min off schedule')).toBeTruthy();
    expect(screen.queryByText('Outside the scheduled window')).toBeNull();
    expect(screen.getByText("0.12 mi from the patient's address")).toBeTruthy();
    expect(screen.getByText('Location older than 15 min')).toBeTruthy();
    expect(((await screen.findByLabelText('Narrative')) as HTMLInputElement).value).toBe('Patient resting');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Comment on Narrative' })).toBeNull();
  });

  it("shows the visit's hours on its organization's clock, naming the zone when the viewer's differs", async () => {
    // New York's clock: never the test machine's here (the suites run in UTC or Central).
    open(() => detail({}, { timeZone: 'America/New_York' }));
    expect(await screen.findByText('9:00 AM EST – 10:00 AM EST')).toBeTruthy();
    expect(screen.getByText('9:25 AM EST (25 min after the scheduled start)')).toBeTruthy();
    expect(screen.getByText('10:05 AM EST')).toBeTruthy();
  });

  it('during the visit (checked in) lets the clinician write and save, and asks for the check-out before submitting', async () => {
    open(() => detail({}, { status: 'AfterStaffed', statusLabel: 'After Staffed' }));
    expect(((await screen.findByLabelText('Narrative')) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByText('Check out of the visit to submit the note.')).toBeTruthy();
  });

  it('autosaves silently on leaving a field, with the base version and the device id; the new version is the next base', async () => {
    const view = open(() => detail());
    const user = userEvent.setup();
    const narrative = await screen.findByLabelText('Narrative');
    await user.clear(narrative);
    await user.type(narrative, 'Wound clean');
    await user.tab();
    await waitFor(() => expect(puts(view)).toHaveLength(1));
    expect(puts(view)[0]!.body).toMatchObject({
      noteType: 'SNV',
      definitionVersion: 1,
      values: { narrative: 'Wound clean', pain: '2' },
      baseVersion: 3,
      autosave: true,
    });
    expect(typeof (puts(view)[0]!.body as { deviceId: string }).deviceId).toBe('string');
    expect(await screen.findByText('All changes saved.')).toBeTruthy();
    expect(view.toasts).toEqual([]);
    await user.type(screen.getByLabelText('Pain'), '3');
    await user.tab();
    await waitFor(() => expect(puts(view)).toHaveLength(2));
    expect(puts(view)[1]!.body).toMatchObject({ baseVersion: 4, values: { pain: '23' } });
    await waitFor(async () => expect(await draftStore().get(VISIT_ID)).toBeUndefined());
  });

  it('autosaves every autoSaveInterval seconds while there are unsent changes', async () => {
    const view = open(() => detail());
    const session = getSession()!;
    act(() => setSession({ ...session, constants: { ...session.constants, autoSaveIntervalSeconds: 0.3 } }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Narrative'), ' and alert');
    // No blur: the interval sends it.
    await waitFor(
      () =>
        expect(puts(view).at(-1)?.body).toMatchObject({
          values: { narrative: 'Patient resting and alert' },
          autosave: true,
        }),
      { timeout: 3000 },
    );
    // Nothing new: no more saves.
    const sent = puts(view).length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(puts(view)).toHaveLength(sent);
  });

  it('keeps the draft on the device while the server cannot be reached, says so, and sends it when online', async () => {
    let online = false;
    const view = open(
      () => detail(),
      (call) => (call.method === 'PUT' && !online ? (networkDown() as never) : undefined),
    );
    const user = userEvent.setup();
    const narrative = await screen.findByLabelText('Narrative');
    await user.clear(narrative);
    await user.type(narrative, 'Typed offline');
    await user.tab();
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toBe(NOTE_TEXTS.savedOnDevice));
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(view.errorToasts).toEqual([]);
    await waitFor(async () =>
      expect(await draftStore().get(VISIT_ID)).toMatchObject({
        values: { narrative: 'Typed offline' },
        baseVersion: 3,
        dirty: true,
      }),
    );
    // Still writing while offline.
    await user.type(narrative, '!');
    online = true;
    act(() => {
      globalThis.dispatchEvent(new Event('online'));
    });
    await waitFor(() =>
      expect(puts(view).at(-1)!.body).toMatchObject({
        values: { narrative: 'Typed offline!' },
        baseVersion: 3,
      }),
    );
    await waitFor(() => expect(status.textContent).toBe(''));
    await waitFor(async () => expect(await draftStore().get(VISIT_ID)).toBeUndefined());
  });

  it('keeps the draft while the session has expired (401) and sends it after signing in again', async () => {
    let signedIn = false;
    const view = open(
      () => detail(),
      (call) =>
        call.method === 'PUT' && !signedIn
          ? jsonResponse(
              { statusCode: 401, code: 'SESSION_EXPIRED', error: 'Your session has expired.' },
              401,
            )
          : undefined,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Pain'), '4');
    await user.tab();
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toBe(NOTE_TEXTS.savedOnDevice));
    expect(await draftStore().get(VISIT_ID)).toMatchObject({ values: { pain: '24' }, dirty: true });
    // Signed in again: a user on the bus.
    const session = getSession()!;
    signedIn = true;
    act(() => setSession(null));
    act(() => setSession({ ...session, token: 'token-again' }));
    await waitFor(() => expect(puts(view).at(-1)!.headers.get('authorization')).toBe('Bearer token-again'));
    expect(puts(view).at(-1)!.body).toMatchObject({ values: { pain: '24' }, baseVersion: 3 });
    await waitFor(() => expect(status.textContent).toBe(''));
  });

  it('sends a dirty draft left on the device at once when the page opens again', async () => {
    await draftStore().put({
      visitId: VISIT_ID,
      noteType: 'SNV',
      definitionVersion: 1,
      values: { narrative: 'Written before the reload', pain: '2' },
      baseVersion: 3,
      updatedAt: Date.now(),
      dirty: true,
    });
    const view = open(() => detail());
    await waitFor(() => expect(puts(view)).toHaveLength(1));
    expect(puts(view)[0]!.body).toMatchObject({
      values: { narrative: 'Written before the reload' },
      baseVersion: 3,
    });
    expect(((await screen.findByLabelText('Narrative')) as HTMLInputElement).value).toBe(
      'Written before the reload',
    );
    await waitFor(async () => expect(await draftStore().get(VISIT_ID)).toBeUndefined());
  });

  it('shows a draft based on an older version side by side with the server, and keeps mine on the server version', async () => {
    await draftStore().put({
      visitId: VISIT_ID,
      noteType: 'SNV',
      definitionVersion: 1,
      values: { narrative: 'Mine from the phone', pain: '2' },
      baseVersion: 2,
      updatedAt: Date.now(),
      dirty: true,
    });
    const view = open(() => detail());
    expect(await screen.findByRole('heading', { name: 'This note was changed elsewhere' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Fields that differ' });
    expect(within(table).getByText('Mine from the phone')).toBeTruthy();
    expect(within(table).getByText('Patient resting')).toBeTruthy();
    expect(within(table).getByText(/On the server \(saved by Casey Rivera at/)).toBeTruthy();
    expect(within(table).queryByText('Pain')).toBeNull();
    expect(puts(view)).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(puts(view)).toHaveLength(1));
    expect(puts(view)[0]!.body).toMatchObject({
      values: { narrative: 'Mine from the phone' },
      baseVersion: 3,
    });
    expect(await screen.findByLabelText('Narrative')).toBeTruthy();
  });

  it('answers a stale save (409) with the conflict view and can take the server text', async () => {
    const server = note({
      version: 4,
      values: { narrative: 'Edited on the laptop', pain: '5' },
      savedByName: 'Pat Lee',
    });
    const view = open(
      () => detail(),
      (call) =>
        call.method === 'PUT'
          ? jsonResponse(
              {
                statusCode: 409,
                code: 'STALE',
                error: 'The note was changed by someone else.',
                current: server,
              },
              409,
            )
          : undefined,
    );
    const user = userEvent.setup();
    const narrative = await screen.findByLabelText('Narrative');
    await user.clear(narrative);
    await user.type(narrative, 'Mine');
    await user.tab();
    expect(await screen.findByRole('heading', { name: 'This note was changed elsewhere' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Fields that differ' });
    expect(within(table).getByText('Mine')).toBeTruthy();
    expect(within(table).getByText('Edited on the laptop')).toBeTruthy();
    expect(within(table).getByText('5')).toBeTruthy();
    expect(within(table).getByText(/On the server \(saved by Pat Lee at/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: "Take the server's" }));
    expect(((await screen.findByLabelText('Narrative')) as HTMLInputElement).value).toBe(
      'Edited on the laptop',
    );
    expect(puts(view)).toHaveLength(1);
    await waitFor(async () => expect(await draftStore().get(VISIT_ID)).toBeUndefined());
  });

  it("saves by hand with 'Notes saved.', and shows the failure text and the field errors of a refused save", async () => {
    let refuse = false;
    const view = open(
      () => detail(),
      (call) =>
        call.method === 'PUT' && refuse
          ? apiError(400, 'Pain is out of range.', [{ field: 'values.pain', message: 'must be 0 to 10' }])
          : undefined,
    );
    const user = userEvent.setup();
    await screen.findByLabelText('Narrative');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.toasts).toEqual([NOTE_TEXTS.saved]));
    expect(puts(view)[0]!.body).toMatchObject({ autosave: false });
    refuse = true;
    await user.type(screen.getByLabelText('Pain'), '99');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.errorToasts).toEqual([NOTE_TEXTS.saveFailed]));
    expect(screen.getByRole('alert').textContent).toContain(NOTE_TEXTS.saveFailed);
    expect(screen.getByText('must be 0 to 10')).toBeTruthy();
    // The refused text stays on the device.
    expect(await draftStore().get(VISIT_ID)).toMatchObject({ dirty: true, values: { pain: '299' } });
  });

  it('says so when an autosave is refused for another reason than the connection', async () => {
    const view = open(
      () => detail(),
      (call) => (call.method === 'PUT' ? apiError(403, 'This note is not yours.') : undefined),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Pain'), '1');
    await user.tab();
    await waitFor(() => expect(view.errorToasts).toEqual([NOTE_TEXTS.autoSaveFailed]));
    expect(screen.getByRole('alert').textContent).toContain(NOTE_TEXTS.autoSaveFailed);
    expect(screen.queryByText(NOTE_TEXTS.savedOnDevice)).toBeNull();
  });

  it('submits after the confirmation with the note version, toasts the answer and shows the note read-only', async () => {
    let submitted = false;
    const view = open(
      () =>
        submitted
          ? detail({ canEdit: false }, { status: 'NotesInReview', statusLabel: 'Notes In Review' })
          : detail(),
      (call) => {
        if (call.method === 'POST' && call.url.pathname === `${NOTE_PATH}/submit`) {
          submitted = true;
          return jsonResponse({
            status: 'NotesInReview',
            statusLabel: 'Notes In Review',
            visitVersion: 5,
            message: NOTE_TEXTS.submitted,
          });
        }
        return undefined;
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await user.click(
      within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', {
        name: 'Submit',
      }),
    );
    await waitFor(() => expect(view.toasts).toContain(NOTE_TEXTS.submitted));
    const call = view.calls.find((c) => c.url.pathname === `${NOTE_PATH}/submit`)!;
    expect(call.body).toEqual({ version: 3 });
    expect(await screen.findByText('Notes In Review')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull());
    expect((screen.getByLabelText('Narrative') as HTMLInputElement).readOnly).toBe(true);
  });

  it('saves unsent text before submitting, and lists what the server says is missing when it refuses', async () => {
    const view = open(
      () => detail(),
      (call) =>
        call.url.pathname === `${NOTE_PATH}/submit`
          ? apiError(400, 'Required fields are missing.', [{ field: 'values.pain', message: 'is required' }])
          : undefined,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Narrative'), '.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(
      within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', {
        name: 'Submit',
      }),
    );
    const text = `${NOTE_TEXTS.submitFailed} Required fields are missing.`;
    await waitFor(() => expect(view.errorToasts).toEqual([text]));
    expect(puts(view)).toHaveLength(1);
    expect(view.calls.find((c) => c.url.pathname === `${NOTE_PATH}/submit`)!.body).toEqual({ version: 4 });
    const alert = screen.getAllByRole('alert').find((item) => item.textContent?.includes(text))!;
    expect(alert.textContent).toContain('Pain: is required');
  });

  it('gives a reviewer Approve, Reject and per-field comments; approve toasts and refetches', async () => {
    let approved = false;
    const view = open(
      () =>
        approved
          ? detail(
              { canEdit: false, canReview: false, canReopen: true },
              { status: 'NotesApproved', statusLabel: 'Notes Approved' },
            )
          : detail(
              { canEdit: false, canReview: true, canReopen: true },
              { status: 'NotesInReview', statusLabel: 'Notes In Review' },
            ),
      (call) => {
        if (call.url.pathname === `${NOTE_PATH}/approve`) {
          approved = true;
          return jsonResponse({
            status: 'NotesApproved',
            statusLabel: 'Notes Approved',
            visitVersion: 6,
            message: NOTE_TEXTS.completed,
          });
        }
        if (call.method === 'POST' && call.url.pathname === `${NOTE_PATH}/comments`)
          return jsonResponse({
            comment: {
              id: 1,
              fieldId: 'pain',
              text: 'Reassess',
              authorName: 'QA',
              createdAt: '2026-11-21T10:00:00.000Z',
            },
            message: NOTE_TEXTS.commentAdded,
          });
        return undefined;
      },
      { roleId: 5 },
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(await screen.findByText('No comments yet.')).toBeTruthy();

    // The comment shows under its field once added.
    comments = {
      rows: [
        {
          id: 1,
          fieldId: 'pain',
          text: 'Reassess',
          authorName: 'QA',
          createdAt: '2026-11-21T10:00:00.000Z',
        },
      ],
      paging: paging(1, 1, 5),
    };
    await user.click(await screen.findByRole('button', { name: 'Comment on Pain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comment on Pain' });
    await user.type(within(dialog).getByLabelText('Comment'), 'Reassess');
    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(view.toasts).toContain(NOTE_TEXTS.commentAdded));
    expect((await screen.findByRole('list', { name: 'Comments on Pain' })).textContent).toContain('Reassess');
    expect(screen.getByRole('button', { name: 'Comment on Pain' })).toBeTruthy();
    expect(view.calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/comments'))!.body).toEqual(
      {
        fieldId: 'pain',
        text: 'Reassess',
      },
    );

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(
      within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', {
        name: 'Approve',
      }),
    );
    await waitFor(() => expect(view.toasts).toContain(NOTE_TEXTS.completed));
    expect(view.calls.find((c) => c.url.pathname === `${NOTE_PATH}/approve`)!.body).toEqual({ version: 3 });
    expect(await screen.findByText('Notes Approved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Re-open' })).toBeTruthy();
  });

  it('shows the clinician a check-out flagged for being far from the patient, and no acknowledge control', async () => {
    open(() => detail({}, { evvFlags: [farCheckOut()] }));
    expect(await screen.findByText('More than 5 mi away: needs review')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'EVV flags to review' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Acknowledge/ })).toBeNull();
  });

  it('makes the reviewer acknowledge a flagged check-out before approving; the acknowledgement names who and when', async () => {
    let acknowledgedAt: string | null = null;
    const flag = () =>
      farCheckOut(acknowledgedAt ? { acknowledgedAt, acknowledgedByName: 'Morgan Lee' } : {});
    const view = open(
      () =>
        detail(
          { canEdit: false, canReview: true, canReopen: true },
          { status: 'NotesInReview', statusLabel: 'Notes In Review', evvFlags: [flag()] },
        ),
      (call) => {
        if (call.url.pathname !== `${NOTE_PATH}/evvFlags/acknowledge`) return undefined;
        acknowledgedAt = '2026-11-21T16:30:00.000Z';
        return jsonResponse({ evvFlags: [flag()], message: EVV_MESSAGES.acknowledged });
      },
      { roleId: 5 },
    );
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'EVV flags to review' });
    expect(panel.textContent).toContain('Check-out at 11/20/2026');
    expect(panel.textContent).toContain("6.9 mi from the patient's address (more than 5 mi)");
    expect(screen.getByText('More than 5 mi away: needs review')).toBeTruthy();
    const approve = screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    expect(approve.getAttribute('aria-describedby')).toBe('approve-waits-for-evv');
    expect(document.getElementById('approve-waits-for-evv')!.textContent).toBe(
      'Acknowledge the EVV flags to approve.',
    );

    await user.click(within(panel).getByRole('button', { name: 'Acknowledge the EVV flag' }));
    await waitFor(() => expect(view.toasts).toContain(EVV_MESSAGES.acknowledged));
    expect(view.calls.find((c) => c.url.pathname === `${NOTE_PATH}/evvFlags/acknowledge`)!.body).toEqual({
      flagIds: [31],
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'EVV flags to review' })).toBeNull());
    expect(screen.getByText(/More than 5 mi away: acknowledged by Morgan Lee, 11\/21\/2026/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(false);
    expect(document.getElementById('approve-waits-for-evv')).toBeNull();
  });

  it('says so when the acknowledgement is refused', async () => {
    const view = open(
      () =>
        detail(
          { canEdit: false, canReview: true },
          { status: 'NotesInReview', statusLabel: 'Notes In Review', evvFlags: [farCheckOut()] },
        ),
      (call) =>
        call.url.pathname === `${NOTE_PATH}/evvFlags/acknowledge`
          ? apiError(409, EVV_MESSAGES.notInReview('Notes Approved'))
          : undefined,
      { roleId: 5 },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Acknowledge the EVV flag' }));
    await waitFor(() =>
      expect(view.errorToasts.some((text) => text.includes(EVV_MESSAGES.notInReview('Notes Approved')))).toBe(
        true,
      ),
    );
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('rejects with a required reason', async () => {
    const view = open(
      () =>
        detail(
          { canEdit: false, canReview: true },
          { status: 'NotesInReview', statusLabel: 'Notes In Review' },
        ),
      (call) =>
        call.url.pathname === `${NOTE_PATH}/reject`
          ? jsonResponse({
              status: 'NotesRejected',
              statusLabel: 'Notes Rejected',
              visitVersion: 6,
              message: NOTE_TEXTS.rejected,
            })
          : undefined,
      { roleId: 5 },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the note' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give the reason the clinician will read.')).toBeTruthy();
    expect(view.calls.some((c) => c.url.pathname.endsWith('/reject'))).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason'), 'Vitals missing');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(view.toasts).toContain(NOTE_TEXTS.rejected));
    expect(view.calls.find((c) => c.url.pathname.endsWith('/reject'))!.body).toEqual({
      version: 3,
      reason: 'Vitals missing',
    });
  });

  it("re-opens for staff with 'Notes re-opened.', and says so when the server refuses", async () => {
    let refuse = false;
    const view = open(
      () =>
        detail(
          { canEdit: false, canReopen: true },
          { status: 'NotesApproved', statusLabel: 'Notes Approved' },
        ),
      (call) => {
        if (call.url.pathname !== `${NOTE_PATH}/reopen`) return undefined;
        return refuse
          ? apiError(409, 'The visit is billed.')
          : jsonResponse({
              status: 'NotesDue',
              statusLabel: 'Notes Due',
              visitVersion: 7,
              message: NOTE_TEXTS.reopened,
            });
      },
      { roleId: 5 },
    );
    const user = userEvent.setup();
    const reopen = async () => {
      await user.click(await screen.findByRole('button', { name: 'Re-open' }));
      const confirm = await waitFor(() =>
        within(document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)') as HTMLElement).getByRole(
          'button',
          { name: 'Re-open' },
        ),
      );
      await user.click(confirm);
    };
    await reopen();
    await waitFor(() => expect(view.toasts).toEqual([NOTE_TEXTS.reopened]));
    expect(view.calls.find((c) => c.url.pathname === `${NOTE_PATH}/reopen`)!.body).toEqual({ version: 3 });
    refuse = true;
    await reopen();
    await waitFor(() =>
      expect(view.errorToasts).toEqual([`${NOTE_TEXTS.reopenFailed} The visit is billed.`]),
    );
  });

  it('uses the mobile layout on /noteMobile with the actions fixed at the bottom', async () => {
    open(() => detail(), undefined, { mobile: true });
    await screen.findByLabelText('Narrative');
    expect(document.querySelector('[data-layout]')!.getAttribute('data-layout')).toBe('mobile');
    const bar = screen.getByRole('region', { name: 'Note actions' });
    expect(bar.style.position).toBe('fixed');
  });

  it('shows the history and one version read-only', async () => {
    open(
      () => detail(),
      (call) => {
        if (call.url.pathname === `${NOTE_PATH}/revisions`)
          return jsonResponse({
            rows: [
              {
                version: 3,
                savedAt: '2026-11-20T15:10:00.000Z',
                savedByName: 'Casey Rivera',
                deviceId: 'abcdef123456',
                autosave: true,
              },
            ],
          });
        if (call.url.pathname === `${NOTE_PATH}/revisions/3`)
          return jsonResponse({
            version: 3,
            savedAt: '2026-11-20T15:10:00.000Z',
            savedByName: 'Casey Rivera',
            deviceId: 'abcdef123456',
            autosave: true,
            values: { narrative: 'Old text' },
          });
        return undefined;
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const drawer = await screen.findByRole('dialog', { name: 'History' });
    expect(await within(drawer).findByText('Autosave')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Version 3' }));
    const old = (await within(drawer).findAllByLabelText('Narrative'))[0] as HTMLInputElement;
    expect(old.value).toBe('Old text');
    expect(old.readOnly).toBe(true);
  });

  it('has no serious or critical axe violations (clinician, reviewer, conflict)', async () => {
    const check = async () => {
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
    };
    open(() => detail());
    await screen.findByLabelText('Narrative');
    await check();
    page!.done();
    open(
      () =>
        detail(
          { canEdit: false, canReview: true },
          { status: 'NotesInReview', statusLabel: 'Notes In Review', evvFlags: [farCheckOut()] },
        ),
      undefined,
      { roleId: 5 },
    );
    await screen.findByText('No comments yet.');
    await screen.findByRole('region', { name: 'EVV flags to review' });
    await check();
    page!.done();
    await draftStore().put({
      visitId: VISIT_ID,
      noteType: 'SNV',
      definitionVersion: 1,
      values: { narrative: 'Mine' },
      baseVersion: 1,
      updatedAt: Date.now(),
      dirty: true,
    });
    open(() => detail(), undefined, { mobile: true });
    await screen.findByRole('heading', { name: 'This note was changed elsewhere' }, { timeout: 5000 });
    await check();
  }, 180_000);

  it('opens from the device after a reload while the notes API is down, keeps writing, and sends it all when it answers', async () => {
    let down = false;
    const route: Route = (call) =>
      down && call.url.pathname.startsWith('/api/notes/') ? (networkDown() as never) : undefined;
    const first = open(() => detail(), route);
    const user = userEvent.setup();
    const narrative = await screen.findByLabelText('Narrative');
    // The page as loaded is kept on the device for this user.
    await waitFor(async () =>
      expect((await draftStore().getSnapshot(CLINICIAN_ID, VISIT_ID))?.detail.note?.version).toBe(3),
    );
    await user.clear(narrative);
    await user.type(narrative, 'Before');
    down = true;
    await user.type(narrative, ' the outage');
    await user.tab();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(NOTE_TEXTS.savedOnDevice));
    await waitFor(async () =>
      expect(await draftStore().get(VISIT_ID)).toMatchObject({
        values: { narrative: 'Before the outage' },
        dirty: true,
      }),
    );
    first.done();

    // Reloaded while the server is still down: the page comes back from the device with everything typed.
    const view = open(() => detail(), route);
    const again = (await screen.findByLabelText('Narrative')) as HTMLInputElement;
    expect(again.value).toBe('Before the outage');
    expect(again.readOnly).toBe(false);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(NOTE_TEXTS.savedOnDevice));
    expect(screen.getByText('Skilled nursing visit')).toBeTruthy();
    await user.type(again, ', and after the reload');
    await waitFor(async () =>
      expect((await draftStore().get(VISIT_ID))?.values).toMatchObject({
        narrative: 'Before the outage, and after the reload',
      }),
    );
    expect(view.errorToasts).toEqual([]);

    // The server answers again: no event needed, the page asks again on its own within a few seconds.
    const getsBefore = view.calls.filter((c) => c.method === 'GET' && c.url.pathname === NOTE_PATH).length;
    down = false;
    await waitFor(
      () =>
        expect(puts(view).at(-1)?.body).toMatchObject({
          values: { narrative: 'Before the outage, and after the reload', pain: '2' },
          baseVersion: 3,
        }),
      { timeout: 6000 },
    );
    expect(
      view.calls.filter((c) => c.method === 'GET' && c.url.pathname === NOTE_PATH).length,
    ).toBeGreaterThan(getsBefore);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
    await waitFor(async () => expect(await draftStore().get(VISIT_ID)).toBeUndefined());
    expect(((await screen.findByLabelText('Narrative')) as HTMLInputElement).value).toBe(
      'Before the outage, and after the reload',
    );
  }, 120_000);

  it('shows a device draft based on an older version as a conflict once the server answers', async () => {
    await draftStore().putSnapshot(CLINICIAN_ID, detail({ note: note({ version: 2 }) }));
    await draftStore().put({
      visitId: VISIT_ID,
      noteType: 'SNV',
      definitionVersion: 1,
      values: { narrative: 'Offline on the phone', pain: '2' },
      baseVersion: 2,
      updatedAt: Date.now(),
      dirty: true,
      userId: CLINICIAN_ID,
    });
    let down = true;
    // The server refuses a save based on version 2 (it holds version 3), as the API does.
    const view = open(
      () => detail(),
      (call) => {
        if (down && call.method === 'GET') return networkDown() as never;
        if (call.method === 'PUT' && (call.body as { baseVersion: number }).baseVersion !== 3)
          return jsonResponse(
            { statusCode: 409, code: 'STALE', error: 'The note was changed.', current: note() },
            409,
          );
        return undefined;
      },
    );
    expect(
      ((await screen.findByLabelText('Narrative', {}, { timeout: 5000 })) as HTMLInputElement).value,
    ).toBe('Offline on the phone');
    down = false;
    act(() => {
      globalThis.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'This note was changed elsewhere' })).toBeTruthy();
    expect(puts(view).filter((c) => (c.body as { baseVersion: number }).baseVersion === 3)).toEqual([]);
  });

  it("never opens another user's copy from the device", async () => {
    await draftStore().putSnapshot(CLINICIAN_ID, detail());
    await draftStore().put({
      visitId: VISIT_ID,
      noteType: 'SNV',
      definitionVersion: 1,
      values: { narrative: 'The clinician only' },
      baseVersion: 3,
      updatedAt: Date.now(),
      dirty: true,
      userId: CLINICIAN_ID,
    });
    const view = open(
      () => detail(),
      (call) => (call.method === 'GET' ? (networkDown() as never) : undefined),
      { roleId: 5 },
    );
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByLabelText('Narrative')).toBeNull();
    expect(screen.queryByText(NOTE_TEXTS.savedOnDevice)).toBeNull();
    expect(puts(view)).toEqual([]);
  });

  it('keeps the copy on the device only while this user may edit the note', async () => {
    await draftStore().putSnapshot(CLINICIAN_ID, detail());
    open(() => detail({ canEdit: false }, { status: 'NotesInReview', statusLabel: 'Notes In Review' }));
    await screen.findByLabelText('Narrative');
    await waitFor(async () => expect(await draftStore().getSnapshot(CLINICIAN_ID, VISIT_ID)).toBeUndefined());
  });

  it('shows the comments under their fields and the reason of a rejection', async () => {
    comments = {
      rows: [
        {
          id: 3,
          fieldId: 'pain',
          text: 'Recheck the pain score',
          authorName: 'Quinn Adams',
          createdAt: '2026-11-21T10:05:00.000Z',
        },
        {
          id: 2,
          fieldId: null,
          text: 'Vitals missing',
          authorName: 'Quinn Adams',
          createdAt: '2026-11-21T10:00:00.000Z',
        },
        {
          id: 1,
          fieldId: null,
          text: 'An older remark',
          authorName: 'Quinn Adams',
          createdAt: '2026-11-20T10:00:00.000Z',
        },
      ],
      paging: paging(3, 1, 5),
    };
    open(() => detail({}, { status: 'NotesRejected', statusLabel: 'Notes Rejected' }));
    const list = await screen.findByRole('list', { name: 'Comments on Pain' });
    expect(list.textContent).toContain('Recheck the pain score');
    expect(list.textContent).toContain('Quinn Adams');
    expect(screen.queryByRole('list', { name: 'Comments on Narrative' })).toBeNull();
    expect(await screen.findByText('Reason: Vitals missing')).toBeTruthy();
    expect(screen.queryByText('Reason: An older remark')).toBeNull();
  });

  it('shows the error with a retry when the note cannot be loaded', async () => {
    open(
      () => detail(),
      (call) => (call.method === 'GET' ? apiError(403, 'This visit is not yours.') : undefined),
    );
    expect(await screen.findByText(/This visit is not yours\./)).toBeTruthy();
  });
});
