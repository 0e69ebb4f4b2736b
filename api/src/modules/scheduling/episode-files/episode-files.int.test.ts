import { crc32 } from 'node:zlib';
import type { ApiError, EpisodeFile } from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';

const day = orgDay;
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from([0, 1, 2, 250, 251, 255]),
  Buffer.from('\n%%EOF'),
]);

/** The first bytes of each kind, as real files of that kind start. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600', 'hex'), Buffer.alloc(64)]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
/** An OLE compound file (Word 97 .doc and Excel 97 .xls alike). */
const OLE = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);

/** A zip archive with stored (uncompressed) entries. */
function zip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    locals.push(local, fileName, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An Office Open XML package whose main part has this content type (before `.main+xml`). */
const officeFile = (mainType: string, part: string) =>
  zip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        `<Override PartName="/${part}" ContentType="${mainType}.main+xml"/></Types>`,
    ],
    [part, '<x/>'],
  ]);
const DOCX = officeFile(
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'word/document.xml',
);
const XLSX = officeFile(
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'xl/workbook.xml',
);
const DOCM = officeFile('application/vnd.ms-word.document.macroEnabled', 'word/document.xml');

describeEachDatabase('service request files', (server) => {
  let admin = '';
  let orgUser = '';
  let lakeside = '';
  let clinician = '';
  let episodeId = 0;

  const files = (id: number) => `/api/fileserver/episodes/${id}/files`;

  /** Sends `bytes` as the body, the way the page does. */
  async function upload(
    token: string,
    id: number,
    fileName: string | null,
    bytes: Buffer,
    type = 'application/octet-stream',
  ) {
    const query = fileName === null ? '' : `?fileName=${encodeURIComponent(fileName)}`;
    const response = await fetch(`${server().url}${files(id)}${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body: bytes,
    });
    return { status: response.status, body: (await response.json()) as EpisodeFile & ApiError };
  }

  async function download(token: string, id: number, fileId: number) {
    const response = await fetch(`${server().url}${files(id)}/${fileId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: response.status,
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  const list = (token: string, id = episodeId) => server().request('GET', files(id), { token });
  const stored = async (s: TestServer, id: number) =>
    (
      await s.sql<{ n: number }>('select count(*)::int as n from episode_files where episode_id = $1', [id])
    )[0]!.n;

  const createEpisode = async (title: string) => {
    const res = await server().request('POST', '/api/admin/episodes', {
      token: orgUser,
      body: { episodeType: 'Visit', title, startDate: day(2) },
    });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as { id: number; version: number };
  };

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    orgUser = await server().login('orguser@carelane.local');
    lakeside = await server().login('lakeside.user@carelane.local');
    clinician = await server().login('clinician@carelane.local');
    episodeId = (await createEpisode('Zzfiles')).id;
  });

  it('uploads, lists, downloads the same bytes, deletes (gone from the list), each step audited', async () => {
    const up = await upload(orgUser, episodeId, ' Plan of care – März.pdf ', PDF);
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({
      episodeId,
      fileName: 'Plan of care – März.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
      uploadedByName: expect.any(String),
    });
    const fileId = up.body.id as number;

    const listed = await list(admin);
    expect(listed.status).toBe(200);
    expect(listed.body.fileSizeLimitMb).toBe(5);
    expect(listed.body.rows).toEqual([up.body]);

    const got = await download(orgUser, episodeId, fileId);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(PDF)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="Plan of care _ M_rz.pdf"; filename*=UTF-8''Plan%20of%20care%20%E2%80%93%20M%C3%A4rz.pdf`,
    );

    const deleted = await server().request('DELETE', `${files(episodeId)}/${fileId}`, { token: orgUser });
    expect([deleted.status, deleted.body]).toEqual([200, { message: 'File deleted.' }]);
    expect((await list(orgUser)).body.rows).toEqual([]);
    expect((await download(orgUser, episodeId, fileId)).status).toBe(404);
    const again = await server().request('DELETE', `${files(episodeId)}/${fileId}`, { token: orgUser });
    expect([again.status, again.body.error]).toEqual([404, 'The file was not found.']);

    const audit = await server().sql<{ action: string; user_email: string }>(
      `select action, user_email from audit_log where entity = 'episodeFile' and entity_id = $1 order by id`,
      [String(fileId)],
    );
    expect(audit).toEqual([
      { action: 'CREATE', user_email: 'orguser@carelane.local' },
      { action: 'DELETE', user_email: 'orguser@carelane.local' },
    ]);
    // The download is a read of the patient's data: recorded as one (patient-access tests).
    await server().services.accessLog.flush();
    const reads = await server().sql<{ outcome: string; user_email: string }>(
      `select outcome, user_email from audit_log where entity = 'fileDownload' and entity_id = $1 order by id`,
      [String(fileId)],
    );
    expect(reads).toEqual([
      { outcome: 'ALLOWED', user_email: 'orguser@carelane.local' },
      { outcome: 'REFUSED', user_email: 'orguser@carelane.local' },
    ]);
  });

  it('takes the file in its own content type; the name decides the stored type', async () => {
    const up = await upload(
      admin,
      episodeId,
      'visits.csv',
      Buffer.from('date,visits\n2026-12-01,2\n'),
      'text/csv',
    );
    expect([up.status, up.body.contentType]).toEqual([201, 'text/csv']);
    const text = await upload(
      admin,
      episodeId,
      'note.TXT',
      Buffer.from('hello'),
      'text/plain; charset=utf-8',
    );
    expect([text.status, text.body.contentType]).toEqual([201, 'text/plain']);
    const got = await download(admin, episodeId, text.body.id);
    expect(got.bytes.toString()).toBe('hello');
  });

  const pngOf = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);

  it('refuses a file over the fileSizeLimit constant (413, field file), nothing stored', async () => {
    const before = await stored(server(), episodeId);
    await server().sql("update app_constants set value = '1' where name = 'fileSizeLimit'");
    try {
      const big = await upload(orgUser, episodeId, 'scan.png', pngOf(1024 * 1024 + 1));
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({
        code: 'FILE_TOO_LARGE',
        error: 'The file is larger than 1 MB.',
        errors: [{ field: 'file', message: 'The file is larger than 1 MB.' }],
      });
      expect((await list(orgUser)).body.fileSizeLimitMb).toBe(1);
      const exact = await upload(orgUser, episodeId, 'scan.png', pngOf(1024 * 1024));
      expect(exact.status).toBe(201);
    } finally {
      await server().sql("update app_constants set value = '5' where name = 'fileSizeLimit'");
    }
    expect(await stored(server(), episodeId)).toBe(before + 1);
  });

  it('refuses a wrong type, an empty file and a bad file name, naming the field; nothing stored', async () => {
    const before = await stored(server(), episodeId);
    const exe = await upload(orgUser, episodeId, 'setup.exe', Buffer.from('MZ'));
    expect([exe.status, exe.body.errors]).toEqual([
      400,
      [
        {
          field: 'file',
          message: 'Only PDF, PNG, JPEG, GIF, TXT, CSV, DOC, DOCX, XLS and XLSX files can be attached.',
        },
      ],
    ]);
    const html = await upload(orgUser, episodeId, 'page.pdf', Buffer.from('<html>'), 'text/html');
    expect(html.status).toBe(415);
    const empty = await upload(orgUser, episodeId, 'empty.pdf', Buffer.alloc(0));
    expect([empty.status, empty.body.errors]).toEqual([
      400,
      [{ field: 'file', message: 'The file is empty.' }],
    ]);
    for (const [fileName, message] of [
      [null, 'is required'],
      ['   ', 'is required'],
      ['../x.pdf', 'must be a file name without / or \\'],
      [`${'x'.repeat(200)}.pdf`, 'must be at most 200 characters'],
    ] as const) {
      const res = await upload(orgUser, episodeId, fileName, PDF);
      expect([res.status, res.body.errors]).toEqual([400, [{ field: 'fileName', message }]]);
    }
    const json = await server().request('POST', `${files(episodeId)}?fileName=a.pdf`, {
      token: orgUser,
      body: { content: 'x' },
    });
    expect([json.status, json.body.errors?.[0]?.field]).toEqual([400, 'body']);
    expect(await stored(server(), episodeId)).toBe(before);
  });

  it('takes each accepted kind whose content is what its name says', async () => {
    for (const [fileName, bytes, contentType] of [
      ['scan.PNG', PNG, 'image/png'],
      ['photo.jpeg', JPEG, 'image/jpeg'],
      ['photo.jpg', JPEG, 'image/jpeg'],
      ['anim.gif', GIF, 'image/gif'],
      ['letter.doc', OLE, 'application/msword'],
      ['budget.xls', OLE, 'application/vnd.ms-excel'],
      ['letter.docx', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['budget.xlsx', XLSX, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['excel-export.csv', Buffer.from('name;city\nJos\xe9;San Jos\xe9\n', 'latin1'), 'text/csv'],
      ['unicode.txt', Buffer.from('\ufeffNotes: caf\u00e9', 'utf16le'), 'text/plain'],
    ] as const) {
      const res = await upload(orgUser, episodeId, fileName, bytes);
      expect([fileName, res.status, res.body.contentType]).toEqual([fileName, 201, contentType]);
    }
  });

  it('refuses content that is not what the name says (400 naming file), nothing stored', async () => {
    const before = await stored(server(), episodeId);
    for (const [fileName, bytes, kind] of [
      ['invoice.pdf', EXE, 'PDF'],
      ['scan.png', JPEG, 'PNG'],
      ['photo.jpg', PNG, 'JPG'],
      ['anim.gif', PDF, 'GIF'],
      ['letter.doc', Buffer.from('just text'), 'DOC'],
      ['letter.docx', XLSX, 'DOCX'],
      ['macro.docx', DOCM, 'DOCX'],
      ['budget.xlsx', Buffer.from('a,b\n1,2\n'), 'XLSX'],
      ['budget.xls', DOCX, 'XLS'],
      ['notes.txt', PDF, 'TXT'],
      ['data.csv', EXE, 'CSV'],
      ['binary.txt', Buffer.from([104, 105, 0, 1, 2, 3]), 'TXT'],
    ] as const) {
      const message = `The content of this file is not a ${kind} file.`;
      const res = await upload(orgUser, episodeId, fileName, bytes);
      expect([fileName, res.status, res.body.code, res.body.errors]).toEqual([
        fileName,
        400,
        'VALIDATION',
        [{ field: 'file', message }],
      ]);
    }
    expect(await stored(server(), episodeId)).toBe(before);
  });

  it('hides another organization’s files (404) and refuses the clinician (403)', async () => {
    const up = await upload(orgUser, episodeId, 'private.txt', Buffer.from('Sunrise only'));
    const before = await stored(server(), episodeId);
    expect((await list(lakeside)).status).toBe(404);
    expect((await upload(lakeside, episodeId, 'x.txt', Buffer.from('x'))).status).toBe(404);
    expect((await download(lakeside, episodeId, up.body.id)).status).toBe(404);
    const del = await server().request('DELETE', `${files(episodeId)}/${up.body.id}`, { token: lakeside });
    expect(del.status).toBe(404);
    expect((await list(clinician)).status).toBe(403);
    expect((await upload(clinician, episodeId, 'x.txt', Buffer.from('x'))).status).toBe(403);
    expect((await download(clinician, episodeId, up.body.id)).status).toBe(403);
    expect(await stored(server(), episodeId)).toBe(before);
    // A file id of another service request is not found through this one.
    const other = await createEpisode('Zzfiles other');
    expect((await download(orgUser, other.id, up.body.id)).status).toBe(404);
  });

  it('keeps the files of a Deleted service request readable but refuses changes (409)', async () => {
    const e = await createEpisode('Zzfiles deleted');
    const up = await upload(orgUser, e.id, 'kept.txt', Buffer.from('kept'));
    const removed = await server().request('POST', `/api/admin/episodes/${e.id}/delete`, {
      token: orgUser,
      body: { version: e.version },
    });
    expect(removed.body.status).toBe('Deleted');
    const refused = await upload(orgUser, e.id, 'late.txt', Buffer.from('late'));
    expect([refused.status, refused.body.error]).toEqual([
      409,
      'This service request is Deleted: files can no longer be added or deleted.',
    ]);
    const del = await server().request('DELETE', `${files(e.id)}/${up.body.id}`, { token: orgUser });
    expect(del.status).toBe(409);
    expect((await list(orgUser, e.id)).body.rows.map((f: { fileName: string }) => f.fileName)).toEqual([
      'kept.txt',
    ]);
    expect((await download(orgUser, e.id, up.body.id)).bytes.toString()).toBe('kept');
  });
});
