import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { installErrorHandling, serializeError } from './plugins/error-handler';
import { installInputGuard } from './plugins/input-guard';
import { registerStaticSite } from './static-site';
import { requireSession } from './plugins/auth';
import { installRateLimits } from './plugins/rate-limit';
import { trustProxyOption } from './config';
import { accessEntryOf } from './services/access-log';
import type { AppServices } from './services/app-services';
import { publicSecurityRoutes, sessionSecurityRoutes } from './modules/security/routes';
import { usersRoutes } from './modules/admin/users/routes';
import { rolesRoutes } from './modules/admin/roles/routes';
import { constantsRoutes } from './modules/admin/constants/routes';
import { auditRoutes } from './modules/admin/audit/routes';
import { outboxRoutes } from './modules/admin/outbox/routes';
import { referralSourcesRoutes } from './modules/admin/referral-sources/routes';
import { publicShortLinkRoutes, shortLinkRoutes } from './modules/admin/short-links/routes';
import { globalSearchRoutes } from './modules/admin/search/routes';
import { publicPlatformRoutes, sessionPlatformRoutes } from './modules/platform/routes';
import { lookupsRoutes } from './modules/scheduling/lookups/routes';
import { patientAccessRoutes } from './modules/scheduling/patient-access/routes';
import { patientsRoutes } from './modules/scheduling/patients/routes';
import { episodesRoutes } from './modules/scheduling/episodes/routes';
import { episodeVisitsRoutes } from './modules/scheduling/episode-visits/routes';
import { episodeFilesRoutes } from './modules/scheduling/episode-files/routes';
import { visitsRoutes } from './modules/scheduling/visits/routes';
import { matchingRoutes } from './modules/scheduling/matching/routes';
import { publicFacilityResponseRoutes } from './modules/scheduling/facility-response/routes';
import { physiciansRoutes } from './modules/scheduling/physicians/routes';
import { contactsRoutes } from './modules/scheduling/contacts/routes';
import { groupsRoutes } from './modules/scheduling/groups/routes';
import { supplyRequestsRoutes } from './modules/scheduling/supply-requests/routes';
import { archiveRoutes } from './modules/scheduling/archive/routes';
import { mapsRoutes } from './modules/maps/routes';
import { coverageRoutes } from './modules/scheduling/coverage/routes';
import { cliniciansRoutes, publicCliniciansRoutes } from './modules/clinicians/routes';
import { notesRoutes } from './modules/notes/routes';
import { billingRoutes } from './modules/billing/routes';
import { reportsRoutes } from './modules/reports/routes';
import { messagingRoutes } from './modules/messaging/routes';
import { publicInboundRoutes } from './modules/messaging/inbound/routes';
import { publicTelehealthRoutes } from './modules/messaging/telehealth/routes';
import { publicSurveyRoutes } from './modules/reports/surveys/routes';
import { publicPageViewRoutes } from './modules/reports/candidates/routes';
import { notificationsRoutes } from './modules/platform/notifications/routes';
import { mapTileSources } from './modules/maps/tile-sources';

/** Public routes first; everything else inside one scope that requires a session (fastify/demo style). */
const PUBLIC_ROUTES = [
  publicPlatformRoutes,
  publicSecurityRoutes,
  publicShortLinkRoutes,
  publicFacilityResponseRoutes,
  publicCliniciansRoutes,
  publicSurveyRoutes,
  publicPageViewRoutes,
  publicInboundRoutes,
  publicTelehealthRoutes,
];
const SESSION_ROUTES = [
  sessionPlatformRoutes,
  sessionSecurityRoutes,
  usersRoutes,
  rolesRoutes,
  constantsRoutes,
  auditRoutes,
  outboxRoutes,
  referralSourcesRoutes,
  shortLinkRoutes,
  globalSearchRoutes,
  lookupsRoutes,
  patientsRoutes,
  patientAccessRoutes,
  episodesRoutes,
  episodeVisitsRoutes,
  episodeFilesRoutes,
  visitsRoutes,
  matchingRoutes,
  physiciansRoutes,
  contactsRoutes,
  groupsRoutes,
  supplyRequestsRoutes,
  archiveRoutes,
  mapsRoutes,
  coverageRoutes,
  cliniciansRoutes,
  notesRoutes,
  billingRoutes,
  reportsRoutes,
  notificationsRoutes,
  messagingRoutes,
];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const API_UP_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Carelane</title></head>
<body><h1>Carelane</h1><p>The API is up. The documentation is at <a href="/api/docs">/api/docs</a>.</p></body></html>`;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (method and URL), for checking the OpenAPI document covers them. */
    registeredRoutes: { method: string; url: string; hidden: boolean }[];
  }
}

export async function buildApp(services: AppServices): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Database failures are logged as their statement and code, never their parameter values.
      serializers: { err: serializeError },
      ...(config.logStream ? { stream: config.logStream } : {}),
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installInputGuard(app);
  app.decorate('registeredRoutes', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      app.registeredRoutes.push({ method, url: route.url, hidden: Boolean(route.schema?.hide) });
    }
  });

  app.decorateRequest('ctx', null as never);
  app.addHook('onRequest', async (request) => {
    request.ctx = { actor: null, ip: request.ip };
  });
  // After the answer is sent: a read of patient data (or a refused attempt at one) joins the audit log's batch.
  app.addHook('onResponse', async (request, reply) => {
    services.accessLog.add(
      accessEntryOf(
        services.db,
        request.ctx,
        request.routeOptions.config.patientRead,
        request.params,
        reply.statusCode,
        new Date(),
      ),
    );
  });

  await app.register(cookie);
  // The coverage map's raster tiles (constant mapTileUrl) come from another origin: img-src names it. Before
  // helmet's hook, so a value older than its TTL is read again before the header is built.
  const tileSources = mapTileSources(services);
  await tileSources.refresh();
  app.addHook('onRequest', () => tileSources.refresh());
  await app.register(helmet, {
    // HSTS only means something over TLS; it is added per request below when the request came over https.
    hsts: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // A function, evaluated per answer; it returns 'blob:' too, so no tile source adds no stray space.
        imgSrc: ["'self'", 'data:', () => ['blob:', ...tileSources.current].join(' ')],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  app.addHook('onSend', async (request, reply) => {
    // Runs after the handler's transaction committed and before the answer leaves.
    if (!SAFE_METHODS.has(request.method)) services.readCache.noteLocalWrite();
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // Every API answer may hold personal data (JSON, CSV, PDF, files): no browser or proxy cache keeps it. A
    // route that chose its own caching keeps it; pages and static assets (static-site.ts) are not under /api.
    if (!reply.hasHeader('cache-control') && request.url.startsWith('/api/'))
      reply.header('cache-control', 'no-store');
  });
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins, credentials: true });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Carelane API',
        version: '0.1.0',
        description: 'The admin portal for home-care clinical staffing.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  installRateLimits(app, services);
  for (const routes of PUBLIC_ROUTES) await app.register(routes, { services });
  await app.register(async (scope) => {
    requireSession(scope, services);
    for (const routes of SESSION_ROUTES) await scope.register(routes, { services });
  });

  const staticDir = config.staticDir;
  if (staticDir && fs.existsSync(path.join(staticDir, 'index.html'))) {
    await registerStaticSite(app, staticDir);
  } else {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html').send(API_UP_PAGE),
    );
  }
  return app;
}
