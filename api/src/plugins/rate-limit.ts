import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { normalizePhone } from '@carelane/shared-domain';
import type { RateLimitName } from '../config';
import type { AppServices } from '../services/app-services';

/**
 * The limits of the routes anyone can call (and of the signed-in ones that send messages), in one table keyed
 * by route, applied as a preHandler when the route is registered: after validation, so the targets named in a
 * request (an email address, a phone number, a token) can be counted as well as the client address.
 * Sign-in is limited in its service (failures only: security/service.ts), identity messages where they are
 * queued. The policy is docs/decisions/017-abuse-limits.md.
 */

type Part = 'body' | 'query' | 'params';
interface Limit {
  name: RateLimitName;
  /** What is counted; nothing when the request does not name it. */
  key: (request: FastifyRequest) => string | undefined;
}

const field = (request: FastifyRequest, part: Part, name: string): string | undefined => {
  const value = (request[part] as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

const byAddress = (name: RateLimitName): Limit => ({ name, key: (request) => request.ip });
const byEmail = (name: RateLimitName): Limit => ({
  name,
  key: (request) => field(request, 'body', 'emailId')?.toLowerCase(),
});
const byPhone = (name: RateLimitName): Limit => ({
  name,
  key: (request) => {
    const phone = field(request, 'body', 'phoneNumber');
    return phone && (normalizePhone(phone) ?? phone);
  },
});
const byToken = (name: RateLimitName, part: Part = 'body'): Limit => ({
  name,
  key: (request) => field(request, part, 'token'),
});
const byUser = (name: RateLimitName): Limit => ({
  name,
  key: (request) =>
    request.ctx.actor ? `${request.routeOptions.url}:${request.ctx.actor.userId}` : undefined,
});

/** Counted only for callers without a session (a route that allows both resolves it first: clientLog). */
const signedOut = (limit: Limit): Limit => ({
  name: limit.name,
  key: (request) => (request.ctx.actor ? undefined : limit.key(request)),
});

const facility = (part: Part) => [
  byAddress('facilityResponse.address'),
  byToken('facilityResponse.token', part),
];

export const ROUTE_LIMITS: Record<string, Limit[]> = {
  'POST /api/security/forgotPassword': [byAddress('forgotPassword.address'), byEmail('forgotPassword.email')],
  'POST /api/security/register': [
    byAddress('register.address'),
    byEmail('register.email'),
    byPhone('register.phone'),
  ],
  'POST /api/security/verifyEmail': [byAddress('verifyEmail.address'), byToken('verifyEmail.token')],
  'POST /api/security/resetPassword': [byAddress('resetPassword.address'), byToken('resetPassword.token')],
  'GET /api/security/shortUrl/:id': [byAddress('shortLink.address')],
  'GET /r/:id': [byAddress('shortLink.address')],
  'GET /api/security/invitation': [byAddress('invitation.address'), byToken('invitation.token', 'query')],
  'GET /api/public/facilityResponse': facility('query'),
  'POST /api/public/facilityResponse/accept': facility('body'),
  'POST /api/public/facilityResponse/change': facility('body'),
  'POST /api/public/facilityResponse/reject': facility('body'),
  'GET /api/public/clinicianFeedback': [
    byAddress('clinicianFeedback.address'),
    byToken('clinicianFeedback.token', 'query'),
  ],
  'POST /api/public/clinicianFeedback': [
    byAddress('clinicianFeedback.address'),
    byToken('clinicianFeedback.token'),
  ],
  'GET /api/public/surveys/:token': [byAddress('survey.address'), byToken('survey.token', 'params')],
  'POST /api/public/surveys/:token': [byAddress('survey.address'), byToken('survey.token', 'params')],
  'GET /api/public/telehealth/rooms/:roomId': [
    byAddress('telehealthLink.address'),
    byToken('telehealthLink.token', 'query'),
  ],
  'POST /api/public/telehealth/rooms/:roomId/guests': [
    byAddress('telehealthLink.address'),
    byToken('telehealthLink.token'),
  ],
  'POST /api/public/page-views': [byAddress('pageView.address')],
  'POST /api/clientLog': [byAddress('clientLog.address'), signedOut(byAddress('clientLog.signedOut'))],
  'POST /api/security/sendEmailVerification': [
    byAddress('sendVerification.address'),
    byUser('sendVerification.user'),
  ],
  'POST /api/security/sendPhoneVerification': [
    byAddress('sendVerification.address'),
    byUser('sendVerification.user'),
  ],
};

/** Call before any route is registered; the server refuses to start if a row of the table names no route. */
export function installRateLimits(app: FastifyInstance, services: Pick<AppServices, 'limits'>): void {
  const limited = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const row = `${method === 'HEAD' ? 'GET' : method} ${route.url}`;
      const limits = ROUTE_LIMITS[row];
      if (!limits) continue;
      limited.add(row);
      const hook: preHandlerAsyncHookHandler = async (request) => {
        for (const limit of limits) {
          const key = limit.key(request);
          if (key !== undefined) await services.limits.consume(limit.name, key);
        }
      };
      route.preHandler = [...[route.preHandler ?? []].flat(), hook];
    }
  });
  app.addHook('onReady', async () => {
    const missing = Object.keys(ROUTE_LIMITS).filter((row) => !limited.has(row));
    if (missing.length)
      throw new Error(`Rate limits name routes that are not registered: ${missing.join(', ')}`);
  });
}
