import { z } from 'zod';
import { ApiCallError, createApiClient, fileNameOf } from './api-client';
import type { SessionExpiredEvent } from './bus';
import { apiError, jsonResponse } from './test-support';
import { saveFile } from './save-file';

type RawCall = { method: string; url: string; headers: Headers; bytes: Uint8Array };

/** Replaces fetch with `answer`, keeping each call's body as raw bytes. */
function rawFetch(answer: (call: RawCall) => Response) {
  const calls: RawCall[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const call = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      bytes: new Uint8Array(await request.arrayBuffer()),
    };
    calls.push(call);
    return answer(call);
  }) as unknown as typeof fetch;
  return calls;
}

function client() {
  const expired: SessionExpiredEvent[] = [];
  const api = createApiClient({ getToken: () => 'secret-token', onUnauthorized: (e) => expired.push(e) });
  return { api, expired };
}

const stored = z.object({ id: z.number(), fileName: z.string() });

describe('apiClient.upload', () => {
  it('posts the bytes as they are, with the token and the content type, and parses the answer', async () => {
    const calls = rawFetch(() => jsonResponse({ id: 9, fileName: 'a.pdf', extra: 1 }, 201));
    const { api } = client();
    const bytes = new Uint8Array([37, 80, 68, 70, 0, 255]);
    const answer = await api.upload('/api/fileserver/episodes/1/files', bytes, stored, {
      searchParams: { fileName: 'a b.pdf' },
      contentType: 'application/pdf',
    });
    expect(answer).toEqual({ id: 9, fileName: 'a.pdf' });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.method).toBe('POST');
    expect(call!.url).toBe('http://localhost/api/fileserver/episodes/1/files?fileName=a+b.pdf');
    expect(call!.headers.get('authorization')).toBe('Bearer secret-token');
    expect(call!.headers.get('content-type')).toBe('application/pdf');
    expect([...call!.bytes]).toEqual([37, 80, 68, 70, 0, 255]);
  });

  it('sends plain bytes as application/octet-stream, and turns a refusal into the field error', async () => {
    const calls = rawFetch(() =>
      jsonResponse(
        {
          statusCode: 413,
          code: 'FILE_TOO_LARGE',
          error: 'The file is larger than 5 MB.',
          errors: [{ field: 'file', message: 'The file is larger than 5 MB.' }],
        },
        413,
      ),
    );
    const { api } = client();
    const error = await api.upload('/x', new Uint8Array([1]).buffer, stored).catch((e: unknown) => e);
    expect(calls[0]!.headers.get('content-type')).toBe('application/octet-stream');
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 413, text: 'The file is larger than 5 MB.' });
    expect((error as ApiCallError).fieldErrors).toEqual([
      { field: 'file', message: 'The file is larger than 5 MB.' },
    ]);
  });

  it('reports a 401 as an expired session, like every other call', async () => {
    rawFetch(() => apiError(401, 'SESSION_EXPIRED', 'Your session has expired. Please sign in again.'));
    const { api, expired } = client();
    await expect(api.upload('/x', new Uint8Array([1]), stored)).rejects.toMatchObject({ status: 401 });
    expect(expired.map((e) => e.reason)).toEqual(['expired']);
  });
});

describe('apiClient.download', () => {
  it('answers the bytes, their type and the file name the server gave', async () => {
    const bytes = new Uint8Array([0, 1, 2, 200]);
    const calls = rawFetch(
      () =>
        new Response(bytes, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="M_rz.pdf"; filename*=UTF-8''M%C3%A4rz.pdf`,
          },
        }),
    );
    const { api } = client();
    const file = await api.download('/api/fileserver/episodes/1/files/2');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer secret-token');
    expect(file.fileName).toBe('März.pdf');
    expect(file.contentType).toBe('application/pdf');
    expect([...new Uint8Array(await file.blob.arrayBuffer())]).toEqual([0, 1, 2, 200]);
  });

  it('fails with the server’s text when the file is not there', async () => {
    rawFetch(() => apiError(404, 'NOT_FOUND', 'The file was not found.'));
    await expect(client().api.download('/x')).rejects.toMatchObject({
      status: 404,
      text: 'The file was not found.',
    });
  });
});

describe('fileNameOf', () => {
  it('reads filename* first, then a quoted or bare filename', () => {
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''%E2%9C%93.pdf`)).toBe('✓.pdf');
    expect(fileNameOf('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
    expect(fileNameOf('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A.pdf; filename="ok.pdf"`)).toBe('ok.pdf');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('saveFile', () => {
  it('clicks a download link named after the file, then lets the object URL go', () => {
    jest.useFakeTimers();
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => (created.push(blob), 'blob:file-1'));
    URL.revokeObjectURL = jest.fn();
    const clicked: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    const blob = new Blob(['x']);
    saveFile({ blob, fileName: null }, 'file-2');
    expect(created).toEqual([blob]);
    expect(clicked).toEqual([{ href: 'blob:file-1', download: 'file-2' }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
    jest.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:file-1');
    click.mockRestore();
    jest.useRealTimers();
  });
});
