import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { BLOB_CIPHER } from '@carelane/shared-domain';

const keyOf = (blobKey: string) => createHash('sha256').update(blobKey, 'utf8').digest();

/** Encrypts text with the blobEncryptionKey constant as BLOB_CIPHER describes (the browser decrypts it). */
export function encryptBlob(blobKey: string, text: string): string {
  const iv = randomBytes(BLOB_CIPHER.ivBytes);
  const cipher = createCipheriv('aes-256-gcm', keyOf(blobKey), iv, { authTagLength: BLOB_CIPHER.tagBytes });
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${iv.toString('base64')}${BLOB_CIPHER.separator}${sealed.toString('base64')}`;
}

/** The inverse of encryptBlob; throws when the key is wrong or the text was altered. */
export function decryptBlob(blobKey: string, blob: string): string {
  const [ivText, sealedText] = blob.split(BLOB_CIPHER.separator);
  const iv = Buffer.from(ivText ?? '', 'base64');
  const sealed = Buffer.from(sealedText ?? '', 'base64');
  const tagAt = sealed.length - BLOB_CIPHER.tagBytes;
  const decipher = createDecipheriv('aes-256-gcm', keyOf(blobKey), iv, {
    authTagLength: BLOB_CIPHER.tagBytes,
  });
  decipher.setAuthTag(sealed.subarray(tagAt));
  return Buffer.concat([decipher.update(sealed.subarray(0, tagAt)), decipher.final()]).toString('utf8');
}
