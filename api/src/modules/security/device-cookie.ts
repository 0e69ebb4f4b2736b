// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to an
// account before is let through that account's and its address's sign-in locks, limited per cookie instead
// (service.ts, docs/decisions/017-abuse-limits.md). The cookie names the account by a keyed hash and carries a
// nonce and its expiry, signed with HMAC-SHA256 under a key kept in the database (signing_keys), so every instance
// on one database reads the cookies of the others.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

const COOKIE_PREFIX = 'carelane_device_';
/** Sent only with sign-in attempts. */
export const DEVICE_COOKIE_PATH = '/api/security/authenticate';
export const DEVICE_COOKIE_DAYS = 90;
const KEY_NAME = 'device-cookie';

export interface DeviceCookie {
  name: string;
  value: string;
  maxAgeSeconds: number;
}

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The database's device cookie key, made by the first server that asks (another one racing it loses). */
function signingKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db.execute(
        sql`insert into signing_keys (name, secret) values (${KEY_NAME}, ${randomBytes(32).toString('base64url')})
            on conflict (name) do nothing`,
      );
      const [row] = await queryRows<{ secret: string }>(
        db,
        sql`select secret from signing_keys where name = ${KEY_NAME}`,
      );
      return Buffer.from(row!.secret, 'base64url');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');

/** The cookie's name for this account: one per account a browser signed in to. */
const cookieName = (key: Buffer, emailId: string) =>
  `${COOKIE_PREFIX}${mac(key, `account:${emailId}`).slice(0, 22)}`;

/** A new device cookie for the account just signed in to. */
export async function issueDeviceCookie(db: Db, emailId: string, now = Date.now()): Promise<DeviceCookie> {
  const key = await signingKey(db);
  const name = cookieName(key, emailId);
  const maxAgeSeconds = DEVICE_COOKIE_DAYS * 86_400;
  const payload = `${randomBytes(16).toString('base64url')}.${Math.floor(now / 1000) + maxAgeSeconds}`;
  return { name, value: `${payload}.${mac(key, `${name}.${payload}`)}`, maxAgeSeconds };
}

/**
 * The nonce of the browser's device cookie for this account when it holds a genuine, unexpired one; null
 * otherwise (none, another account's, forged, or expired).
 */
export async function deviceNonce(
  db: Db,
  emailId: string,
  cookies: Record<string, string | undefined>,
  now = Date.now(),
): Promise<string | null> {
  const key = await signingKey(db);
  const name = cookieName(key, emailId);
  const parts = cookies[name]?.split('.');
  if (parts?.length !== 3) return null;
  const [nonce, expires, signature] = parts as [string, string, string];
  const expected = Buffer.from(mac(key, `${name}.${nonce}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 <= now) return null;
  return nonce;
}
