import type { Episode, EpisodeFile } from '@carelane/shared-domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderPage, type RenderedPage } from '../common/test-kit';
import { EpisodeFiles } from './EpisodeFiles';

jest.setTimeout(90_000);

const episode = { id: 42, status: 'Draft', referralSourceId: 3 } as Episode;
const FILES = '/api/fileserver/episodes/42/files';

const stored = (id: number, fileName: string, sizeBytes: number): EpisodeFile => ({
  id,
  episodeId: 42,
  fileName,
  contentType: 'application/pdf',
  sizeBytes,
  uploadedAt: '2026-11-02T15:30:00.000Z',
  uploadedByName: 'Olive Ops',
});

type Upload = { fileName: string | null; contentType: string | null; bytes: string };

/**
 * The files endpoints over an in-memory list. Uploads carry raw bytes, which the test kit's fetch (JSON
 * bodies only) does not read, so they are answered here before it.
 */
function open(
  options: {
    status?: string;
    files?: EpisodeFile[];
    limitMb?: number;
    failLoads?: number;
    refuseUpload?: { status: number; body: unknown };
    /** Uploads are answered once this settles. */
    holdUploads?: Promise<void>;
  } = {},
) {
  const files = [...(options.files ?? [])];
  const uploads: Upload[] = [];
  let failLoads = options.failLoads ?? 0;
  const page = renderPage(
    <EpisodeFiles episode={{ ...episode, status: options.status ?? 'Draft' } as Episode} />,
    {
      url: '/episode?id=42',
      roleId: 9,
      referralSourceId: 3,
      route: (call) => {
        const path = call.url.pathname;
        if (path === FILES && call.method === 'GET') {
          if (failLoads-- > 0)
            return jsonResponse({ statusCode: 500, code: 'INTERNAL', error: 'The database is away.' }, 500);
          return jsonResponse({ rows: files, fileSizeLimitMb: options.limitMb ?? 5 });
        }
        const one = /^\/api\/fileserver\/episodes\/42\/files\/(\d+)$/.exec(path);
        const index = one ? files.findIndex((f) => f.id === Number(one[1])) : -1;
        if (one && call.method === 'DELETE') {
          if (index < 0)
            return jsonResponse(
              { statusCode: 404, code: 'NOT_FOUND', error: 'The file was not found.' },
              404,
            );
          files.splice(index, 1);
          return jsonResponse({ message: 'File deleted.' });
        }
        if (one && call.method === 'GET' && index >= 0)
          return new Response(`bytes of ${files[index]!.fileName}`, {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(files[index]!.fileName)}`,
            },
          });
        return undefined;
      },
    },
  );
  const tableFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (method !== 'POST' || url.pathname !== FILES) return tableFetch(input, init);
    const request = new Request(input, init);
    const upload = {
      fileName: url.searchParams.get('fileName'),
      contentType: request.headers.get('content-type'),
      bytes: await request.text(),
    };
    uploads.push(upload);
    await options.holdUploads;
    if (options.refuseUpload) return jsonResponse(options.refuseUpload.body, options.refuseUpload.status);
    const file = stored(100 + uploads.length, upload.fileName ?? '', upload.bytes.length);
    files.push(file);
    return jsonResponse(file, 201);
  }) as typeof fetch;
  return { page, files, uploads };
}

const fileInput = (page: RenderedPage) => page.container.querySelector<HTMLInputElement>('input[type=file]')!;

let opened: RenderedPage | undefined;
afterEach(() => opened?.done());

describe('EpisodeFiles', () => {
  it('uploads a dropped file as raw bytes, lists it, downloads it by its name and deletes it', async () => {
    const { page, uploads, files } = open({ files: [stored(7, 'Referral.pdf', 2048)] });
    opened = page;
    const user = userEvent.setup();
    const table = await screen.findByRole('table');
    const first = within(table).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Referral.pdf',
      'PDF',
      '2.0 KB',
      'Olive Ops',
      expect.stringMatching(/^11\/2\/2026 \d{1,2}:30 (AM|PM)$/),
      'Delete',
    ]);
    expect(screen.getByText(/up to 5 MB each/)).toBeTruthy();

    await user.upload(
      fileInput(page),
      new File(['Plan of care, week 1'], 'plan of care.txt', { type: 'text/plain' }),
    );
    await screen.findByRole('button', { name: 'plan of care.txt' });
    expect(uploads).toEqual([
      { fileName: 'plan of care.txt', contentType: 'text/plain', bytes: 'Plan of care, week 1' },
    ]);
    expect(page.toasts).toEqual(['File uploaded.']);

    const saved: { name: string; text: Promise<string> }[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved.push({ name: '', text: blob.text() });
      return 'blob:test';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved[saved.length - 1]!.name = this.download;
    });
    await user.click(screen.getByRole('button', { name: 'Referral.pdf' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Referral.pdf');
    expect(await saved[0]!.text).toBe('bytes of Referral.pdf');
    click.mockRestore();

    await user.click(screen.getByRole('button', { name: 'Delete Referral.pdf' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Delete this file?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Referral.pdf' })).toBeNull());
    expect(page.toasts).toEqual(['File uploaded.', 'File deleted.']);
    expect(files.map((f) => f.fileName)).toEqual(['plan of care.txt']);
    expect(page.errorToasts).toEqual([]);
  });

  it('refuses a file over the limit or of a wrong type before sending it, with the server’s words', async () => {
    const { page, uploads } = open({ limitMb: 1 });
    opened = page;
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByText('No files yet');
    await user.upload(
      fileInput(page),
      new File([new Uint8Array(1024 * 1024 + 1)], 'scan.png', { type: 'image/png' }),
    );
    await user.upload(fileInput(page), new File(['MZ'], 'setup.exe'));
    await waitFor(() => expect(page.errorToasts).toHaveLength(2));
    expect(page.errorToasts).toEqual([
      'Sorry, the file could not be uploaded. The file is larger than 1 MB.',
      'Sorry, the file could not be uploaded. Only PDF, PNG, JPEG, GIF, TXT, CSV, DOC, DOCX, XLS and XLSX files can be attached.',
    ]);
    expect(uploads).toEqual([]);
  });

  it('shows the upload in progress, then the server’s refusal; nothing is listed', async () => {
    let release = () => undefined as void;
    const { page, uploads } = open({
      holdUploads: new Promise<void>((resolve) => (release = resolve)),
      refuseUpload: {
        status: 409,
        body: {
          statusCode: 409,
          code: 'CONFLICT',
          error: 'This service request is Archived: files can no longer be added or deleted.',
        },
      },
    });
    opened = page;
    const user = userEvent.setup();
    await screen.findByText('No files yet');
    await user.upload(fileInput(page), new File(['x'], 'note.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('status')).textContent).toBe('Uploading note.txt…');
    expect(fileInput(page).disabled).toBe(true);
    release();
    await waitFor(() =>
      expect(page.errorToasts).toEqual([
        'Sorry, the file could not be uploaded. This service request is Archived: files can no longer be added or deleted.',
      ]),
    );
    expect(uploads).toHaveLength(1);
    expect(page.toasts).toEqual([]);
    expect(screen.getByText('No files yet')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is read-only once the service request is not editable: no drop zone, no delete', async () => {
    const { page } = open({ status: 'Archived', files: [stored(7, 'Referral.pdf', 2048)] });
    opened = page;
    await screen.findByRole('button', { name: 'Referral.pdf' });
    expect(fileInput(page)).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    const { page } = open({ failLoads: 2 });
    opened = page;
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain('Sorry, the files could not be loaded. The database is away.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('No files yet');
  });
});
