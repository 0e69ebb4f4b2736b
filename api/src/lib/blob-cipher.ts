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

/**
 * The keys of data sealed at rest (docs/decisions/035): `current` seals; `previous`, during a rotation, only opens
 * what was sealed before.
 */
export interface KeyRing {
  current: string;
  previous?: string;
}

/** A key's name in what it sealed: 12 hex digits of a hash of it (the key cannot be read back from them). */
export const keyIdOf = (key: string) =>
  createHash('sha256').update(`carelane-data-key-id:${key}`, 'utf8').digest('hex').slice(0, 12);

const KEY_ID_END = ':';

/** Seals text at rest under the current key: `<key id>:<iv>.<ciphertext and tag>` (AES-256-GCM). */
export function seal(keys: KeyRing, text: string): string {
  return `${keyIdOf(keys.current)}${KEY_ID_END}${encryptBlob(keys.current, text)}`;
}

/** True when `sealed` was sealed under `key` (a value sealed before decision 035 names no key: false). */
export const isSealedUnder = (key: string, sealed: string) =>
  sealed.startsWith(`${keyIdOf(key)}${KEY_ID_END}`);

/**
 * Opens what `seal` made under whichever key of the ring sealed it. A value sealed before decision 035 names no
 * key and is tried under each. Throws when no key of the ring opens it.
 */
export function unseal(keys: KeyRing, sealed: string): string {
  const candidates = [keys.current, ...(keys.previous ? [keys.previous] : [])];
  const at = sealed.indexOf(KEY_ID_END);
  if (at >= 0) {
    const key = candidates.find((k) => keyIdOf(k) === sealed.slice(0, at));
    if (!key) throw new Error(`sealed under key ${sealed.slice(0, at)}, which this server does not have`);
    return decryptBlob(key, sealed.slice(at + 1));
  }
  for (const key of candidates) {
    try {
      return decryptBlob(key, sealed);
    } catch {
      // not this key: try the next
    }
  }
  throw new Error('sealed under a key this server does not have');
}
