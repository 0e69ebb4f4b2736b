import { createHash, randomBytes, randomInt } from 'node:crypto';
import argon2 from 'argon2';

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const SHORT_ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function shortId(length = 10): string {
  let id = '';
  for (let i = 0; i < length; i++) id += SHORT_ID_ALPHABET[randomInt(0, SHORT_ID_ALPHABET.length)];
  return id;
}

export function hashPassword(password: string, params: Argon2Params): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...params });
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal which emails exist. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(params: Argon2Params): Promise<string> {
  decoyHash ??= hashPassword(randomToken(), params);
  return decoyHash;
}
