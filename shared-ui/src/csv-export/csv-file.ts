// A CSV export as the file to save: UTF-8 with a byte order mark, so Excel reads names with accents right.
import { CSV_BOM, CSV_CONTENT_TYPE } from '@carelane/shared-domain';

export const csvFile = (text: string, fileName: string) => ({
  blob: new Blob([CSV_BOM, text], { type: CSV_CONTENT_TYPE }),
  fileName,
});
