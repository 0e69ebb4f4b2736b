import fs from 'node:fs';
import path from 'node:path';
import { iceServerSchema, type IceServer } from '@carelane/shared-domain';
import { z } from 'zod';

/** The role the app connects as on PostgreSQL unless DATABASE_APP_USER names another. */
export const DEFAULT_DATABASE_APP_USER = 'carelane_app';

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL URL; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /**
   * REPORTS_DATABASE_URL: a read replica of DATABASE_URL the reports read their figures and drill-downs from
   * (decision 051); absent, they read DATABASE_URL. PostgreSQL only.
   */
  reportsDatabaseUrl?: string;
  /**
   * DATABASE_APP_USER (default carelane_app) and DATABASE_APP_PASSWORD: on PostgreSQL, DATABASE_URL's role
   * migrates and grants, and the app connects as this role, which is not a superuser and owns nothing
   * (db/client.ts, docs/decisions/033-audit-log-roles-and-durability.md).
   */
  databaseAppRole: { user: string; password?: string };
  /** PGlite data folder, or 'memory://' for a throw-away database (tests). */
  dataDir: string;
  /** Public address used in links sent by email. */
  publicUrl: string;
  smtpUrl: string | undefined;
  /** MESSAGE_PICKUP_DIR: without SMTP_URL / SMS_GATEWAY_URL, messages are written to this folder as delivered. */
  messagePickupDir: string | undefined;
  /**
   * STATIC_DIR: the assembled front end served at / (the shell, the areas under /remotes/, remotes.json,
   * Storybook under /storybook), as scripts/assemble-static.mjs writes it (`npm start` uses build/static).
   * Without it (or without an index.html in it) only the API is served.
   */
  staticDir: string | undefined;
  production: boolean;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For / -Proto are believed. A number N trusts the N nearest hops
   * (`1`: one TLS-terminating proxy; the client address is the one it appended, so a client cannot choose
   * its own), or a comma-separated list of proxy addresses/CIDRs. Unset: the headers are ignored.
   */
  trustProxy: boolean | number | string[];
  corsOrigins: string[];
  /**
   * DATA_KEY, or the file DATA_KEY_FILE names (BANK_ACCOUNT_KEY, its former name, is still read): the secret that
   * seals what is kept encrypted (clinicians' bank account numbers, released bank files). Unset: on the embedded
   * database a random key kept in `dataDir/data.key`; on PostgreSQL the server refuses to start
   * (lib/data-key.ts, docs/decisions/035-sealed-bank-files-and-data-key.md).
   */
  dataKey: string | undefined;
  /** DATA_KEY_PREVIOUS or DATA_KEY_PREVIOUS_FILE: during a rotation, the key before, read only to re-seal. */
  previousDataKey: string | undefined;
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  loginThrottle: { maxFailures: number; windowSeconds: number };
  /** Limits per client address and per target (plugins/rate-limit.ts; docs/decisions/017-abuse-limits.md). */
  rateLimits: RateLimitPolicies;
  bodyLimitBytes: number;
  seedDemoData: boolean;
  /** Cache reads invalidated by table-change notices (services/read-cache.ts); READ_CACHE=0 turns it off. */
  readCache: boolean;
  logLevel: string;
  /** Where the log is written (tests read it); standard output when absent. */
  logStream?: NodeJS.WritableStream;
  /**
   * MAPS_PROVIDER_URL: an external maps service answering `/autocomplete` and `/geocode` as /api/maps does;
   * without it addresses come from the built-in US ZIP-code gazetteer.
   */
  mapsProviderUrl: string | undefined;
  /** How often open event streams are checked for sessions that went idle too long (ms). */
  eventStreamCheckMs: number;
  /**
   * INBOUND_WEBHOOK_SECRET, or the file INBOUND_WEBHOOK_SECRET_FILE names: the secret the SMS and email gateways
   * sign their webhooks with (`x-carelane-signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`,
   * POST /api/messaging/inbound/sms and /email, decision 062). Unset: the webhooks are not registered (404, absent
   * from the API docs).
   */
  inboundWebhookSecret: string | undefined;
  /**
   * BROADCAST_INTERVAL_MS: how often the broadcast queue is worked off (modules/messaging/broadcast/worker.ts,
   * decision 065); 0 turns this instance's worker off (tests drive it with runBroadcastsOnce). Default 1000.
   */
  broadcastIntervalMs: number;
  /**
   * ICE_SERVERS: the WebRTC ICE servers telehealth calls use, as RTCIceServer JSON (`[{"urls":"stun:…"},
   * {"urls":"turn:…","username":"…","credential":"…"}]`). Unset: none, which works on one machine or one network.
   */
  iceServers: IceServer[];
  /**
   * AI_PROVIDER_URL (an OpenAI-compatible API's base, e.g. https://api.openai.com/v1), AI_API_KEY and AI_MODEL
   * (default gpt-4o-mini): the intake assistant's optional model provider (decision 069). Unset: none. Even when
   * set, emails go to it only while an administrator has the assistantModelProvider constant on.
   */
  aiProvider?: { url: string; apiKey?: string; model: string };
}

/** A limit: at most `points` in a window of `seconds` counted from the first. */
export interface RateLimitPolicy {
  points: number;
  seconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Every limit by name: `<what>.<counted per>`. See docs/decisions/017-abuse-limits.md. */
export const DEFAULT_RATE_LIMITS = {
  'forgotPassword.address': { points: 20, seconds: 15 * MINUTE },
  'forgotPassword.email': { points: 3, seconds: HOUR },
  'register.address': { points: 20, seconds: HOUR },
  'register.email': { points: 3, seconds: HOUR },
  'register.phone': { points: 3, seconds: HOUR },
  'verifyEmail.address': { points: 30, seconds: 15 * MINUTE },
  'verifyEmail.token': { points: 5, seconds: 15 * MINUTE },
  'resetPassword.address': { points: 30, seconds: 15 * MINUTE },
  'resetPassword.token': { points: 5, seconds: 15 * MINUTE },
  'shortLink.address': { points: 120, seconds: MINUTE },
  'facilityResponse.address': { points: 120, seconds: 15 * MINUTE },
  'facilityResponse.token': { points: 60, seconds: 15 * MINUTE },
  'invitation.address': { points: 60, seconds: 15 * MINUTE },
  'invitation.token': { points: 20, seconds: 15 * MINUTE },
  'clinicianFeedback.address': { points: 60, seconds: 15 * MINUTE },
  'clinicianFeedback.token': { points: 20, seconds: 15 * MINUTE },
  'survey.address': { points: 60, seconds: 15 * MINUTE },
  'survey.token': { points: 20, seconds: 15 * MINUTE },
  /** Telehealth join links (decision 068): a patient opens theirs a few times; guessing is throttled. */
  'telehealthLink.address': { points: 60, seconds: 15 * MINUTE },
  'telehealthLink.token': { points: 20, seconds: 15 * MINUTE },
  /** The public candidate pages' view beacon (decision 058): a page opened a few times a minute at most. */
  'pageView.address': { points: 30, seconds: MINUTE },
  'clientLog.address': { points: 60, seconds: MINUTE },
  /** Lines from callers who are not signed in (a login page's failures), within the address's 60. */
  'clientLog.signedOut': { points: 5, seconds: MINUTE },
  'sendVerification.address': { points: 20, seconds: HOUR },
  'sendVerification.user': { points: 3, seconds: 15 * MINUTE },
  /** Failed sign-ins from one client address, whichever accounts they name (password spraying). */
  'loginFailures.address': { points: 20, seconds: 15 * MINUTE },
  /** Passwords checked from an address while it is held, each for an account with no failure in the window. */
  'loginFailures.heldAddress': { points: 20, seconds: 15 * MINUTE },
  /** Failed sign-ins with one device cookie: past them the cookie no longer lets its browser through. */
  'loginFailures.device': { points: 5, seconds: 15 * MINUTE },
  /** Identity messages (reset links, verification links and codes) to one email address or phone number. */
  'messages.recipient': { points: 5, seconds: HOUR },
} satisfies Record<string, RateLimitPolicy>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimitPolicies = Record<RateLimitName, RateLimitPolicy>;

function trustProxyFromEnv(raw: string | undefined): AppConfig['trustProxy'] {
  if (!raw) return false;
  if (raw === 'true') return 1;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** TRUST_PROXY as fastify takes it: a hop count becomes "trust the N nearest hops". */
export function trustProxyOption(
  trustProxy: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;
}

/** ICE_SERVERS as a list of RTCIceServer objects; the server refuses to start on anything else. */
function iceServersFromEnv(raw: string | undefined): IceServer[] {
  if (!raw?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('ICE_SERVERS must be JSON: a list of {"urls": …} objects');
  }
  const checked = z.array(iceServerSchema).safeParse(parsed);
  if (!checked.success)
    throw new Error('ICE_SERVERS must be a list of {"urls": …, "username"?, "credential"?}');
  return checked.data;
}

/** A secret given as NAME, or as the file NAME_FILE names (its text, trimmed). */
function secretFromEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  if (env[name]) return env[name];
  const file = env[`${name}_FILE`];
  if (!file) return undefined;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`${name}_FILE names ${file}, which cannot be read`);
  }
  if (!text) throw new Error(`${name}_FILE names ${file}, which is empty`);
  return text;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const port = intFromEnv(env, 'PORT', 8080);
  const base: AppConfig = {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    reportsDatabaseUrl: env.REPORTS_DATABASE_URL || undefined,
    databaseAppRole: {
      user: env.DATABASE_APP_USER || DEFAULT_DATABASE_APP_USER,
      ...(env.DATABASE_APP_PASSWORD ? { password: env.DATABASE_APP_PASSWORD } : {}),
    },
    dataDir: env.DATA_DIR === 'memory://' ? 'memory://' : path.resolve(env.DATA_DIR ?? './.data'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    messagePickupDir: env.MESSAGE_PICKUP_DIR ? path.resolve(env.MESSAGE_PICKUP_DIR) : undefined,
    staticDir: env.STATIC_DIR ? path.resolve(env.STATIC_DIR) : undefined,
    production: env.NODE_ENV === 'production',
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    dataKey: secretFromEnv(env, 'DATA_KEY') ?? (env.BANK_ACCOUNT_KEY || undefined),
    previousDataKey: secretFromEnv(env, 'DATA_KEY_PREVIOUS'),
    argon2: {
      memoryCost: intFromEnv(env, 'ARGON2_MEMORY_KIB', 19456),
      timeCost: intFromEnv(env, 'ARGON2_TIME_COST', 2),
      parallelism: intFromEnv(env, 'ARGON2_PARALLELISM', 1),
    },
    loginThrottle: {
      maxFailures: intFromEnv(env, 'LOGIN_MAX_FAILURES', 5),
      windowSeconds: intFromEnv(env, 'LOGIN_THROTTLE_WINDOW_SECONDS', 15 * 60),
    },
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      'loginFailures.address': {
        points: intFromEnv(env, 'LOGIN_IP_FAILURES', 20),
        seconds: intFromEnv(env, 'LOGIN_THROTTLE_WINDOW_SECONDS', 15 * MINUTE),
      },
      'loginFailures.heldAddress': {
        points: intFromEnv(env, 'LOGIN_IP_FAILURES', 20),
        seconds: intFromEnv(env, 'LOGIN_THROTTLE_WINDOW_SECONDS', 15 * MINUTE),
      },
      'loginFailures.device': {
        points: intFromEnv(env, 'LOGIN_MAX_FAILURES', 5),
        seconds: intFromEnv(env, 'LOGIN_THROTTLE_WINDOW_SECONDS', 15 * MINUTE),
      },
      'messages.recipient': { points: intFromEnv(env, 'MESSAGES_PER_HOUR', 5), seconds: HOUR },
    },
    bodyLimitBytes: intFromEnv(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    seedDemoData: env.SEED_DEMO_DATA !== '0',
    readCache: env.READ_CACHE !== '0',
    logLevel: env.LOG_LEVEL ?? 'warn',
    mapsProviderUrl: env.MAPS_PROVIDER_URL || undefined,
    eventStreamCheckMs: 30_000,
    inboundWebhookSecret: secretFromEnv(env, 'INBOUND_WEBHOOK_SECRET'),
    broadcastIntervalMs: intFromEnv(env, 'BROADCAST_INTERVAL_MS', 1000),
    iceServers: iceServersFromEnv(env.ICE_SERVERS),
    aiProvider: env.AI_PROVIDER_URL
      ? {
          url: env.AI_PROVIDER_URL,
          apiKey: env.AI_API_KEY || undefined,
          model: env.AI_MODEL || 'gpt-4o-mini',
        }
      : undefined,
  };
  return { ...base, ...overrides };
}
