import {
  effectiveFileSizeLimitMb,
  episodeFileUploadQuerySchema,
  FILE_MESSAGES,
  fileRefusal,
  fileTypeOf,
  formatFileSize,
} from './episode-files';

describe('fileTypeOf', () => {
  it('gives the stored content type of an accepted extension, in any case, and null otherwise', () => {
    expect(fileTypeOf('Referral.PDF')).toBe('application/pdf');
    expect(fileTypeOf('scan.jpg')).toBe('image/jpeg');
    expect(fileTypeOf('orders.xlsx')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(fileTypeOf('setup.exe')).toBeNull();
    expect(fileTypeOf('pdf')).toBeNull();
    expect(fileTypeOf('notes.txt.')).toBeNull();
  });
});

describe('fileRefusal', () => {
  it('refuses a wrong type, an empty file and one over the limit, in that order', () => {
    expect(fileRefusal({ name: 'a.exe', size: 0 }, 5)).toBe(FILE_MESSAGES.wrongType);
    expect(fileRefusal({ name: 'a.pdf', size: 0 }, 5)).toBe(FILE_MESSAGES.empty);
    expect(fileRefusal({ name: 'a.pdf', size: 5 * 1024 * 1024 }, 5)).toBeNull();
    expect(fileRefusal({ name: 'a.pdf', size: 5 * 1024 * 1024 + 1 }, 5)).toBe(
      'The file is larger than 5 MB.',
    );
  });

  it('never allows more than the server accepts, whatever the constant says', () => {
    expect(effectiveFileSizeLimitMb(5)).toBe(5);
    expect(effectiveFileSizeLimitMb(500)).toBe(25);
  });
});

describe('formatFileSize', () => {
  it('shows bytes, KB and MB', () => {
    expect(formatFileSize(812)).toBe('812 B');
    expect(formatFileSize(12_700)).toBe('12 KB');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(3.25 * 1024 * 1024)).toBe('3.3 MB');
  });
});

describe('episodeFileUploadQuerySchema', () => {
  it('wants a file name without path separators or control characters, at most 200 characters', () => {
    expect(episodeFileUploadQuerySchema.parse({ fileName: ' plan of care.pdf ' })).toEqual({
      fileName: 'plan of care.pdf',
    });
    for (const fileName of ['', '   ', '../x.pdf', 'a\\b.pdf', 'a\u0000.pdf', `${'x'.repeat(197)}.pdf`])
      expect(episodeFileUploadQuerySchema.safeParse({ fileName }).success).toBe(false);
  });
});
