// A telehealth join link's token (decision 068): `<roomId>.<expires, epoch seconds>.<HMAC-SHA256>`, signed with
// the room's own secret, so a link names one room, cannot be made or stretched without the secret, and stops at
// the end of the visit's day.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type JoinTokenParts = { roomId: number; expiresAt: Date };

const signature = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('base64url');

export function signJoinToken(secret: string, { roomId, expiresAt }: JoinTokenParts): string {
  const body = `${roomId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${body}.${signature(secret, body)}`;
}

/** The room and expiry a token claims, before its signature is checked; null when it is not a token at all. */
export function readJoinToken(token: string): (JoinTokenParts & { body: string; mac: string }) | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  return {
    roomId: Number(match[1]),
    expiresAt: new Date(Number(match[2]) * 1000),
    body: `${match[1]}.${match[2]}`,
    mac: match[3]!,
  };
}

export function hasValidSignature(secret: string, token: { body: string; mac: string }): boolean {
  const expected = Buffer.from(signature(secret, token.body));
  const given = Buffer.from(token.mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
