import path from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL URL; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** PGlite data folder, or 'memory://' for a throw-away database (tests). */
  dataDir: string;
  /** Public address used in links sent by email. */
  publicUrl: string;
  smtpUrl: string | undefined;
  /**
   * STATIC_DIR: the assembled front end served at / (the shell, the areas under /remotes/, remotes.json,
   * Storybook under /storybook), as scripts/assemble-static.mjs writes it (`npm start` uses build/static).
   * Without it (or without an index.html in it) only the API is served.
   */
  staticDir: string | undefined;
  production: boolean;
  trustProxy: boolean;
  corsOrigins: string[];
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  loginThrottle: { maxFailures: number; windowSeconds: number };
  bodyLimitBytes: number;
  seedDemoData: boolean;
  /** Cache reads invalidated by table-change notices (services/read-cache.ts); READ_CACHE=0 turns it off. */
  readCache: boolean;
  logLevel: string;
  /**
   * MAPS_PROVIDER_URL: an external maps service answering `/autocomplete` and `/geocode` as /api/maps does;
   * without it addresses come from the built-in US ZIP-code gazetteer.
   */
  mapsProviderUrl: string | undefined;
  /** How often open event streams are checked for sessions that went idle too long (ms). */
  eventStreamCheckMs: number;
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
    dataDir: env.DATA_DIR === 'memory://' ? 'memory://' : path.resolve(env.DATA_DIR ?? './.data'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    staticDir: env.STATIC_DIR ? path.resolve(env.STATIC_DIR) : undefined,
    production: env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    argon2: {
      memoryCost: intFromEnv(env, 'ARGON2_MEMORY_KIB', 19456),
      timeCost: intFromEnv(env, 'ARGON2_TIME_COST', 2),
      parallelism: intFromEnv(env, 'ARGON2_PARALLELISM', 1),
    },
    loginThrottle: {
      maxFailures: intFromEnv(env, 'LOGIN_MAX_FAILURES', 5),
      windowSeconds: intFromEnv(env, 'LOGIN_THROTTLE_WINDOW_SECONDS', 15 * 60),
    },
    bodyLimitBytes: intFromEnv(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    seedDemoData: env.SEED_DEMO_DATA !== '0',
    readCache: env.READ_CACHE !== '0',
    logLevel: env.LOG_LEVEL ?? 'warn',
    mapsProviderUrl: env.MAPS_PROVIDER_URL || undefined,
    eventStreamCheckMs: 30_000,
  };
  return { ...base, ...overrides };
}
