// The keys that seal what Carelane keeps encrypted at rest (docs/decisions/035-sealed-bank-files-and-data-key.md):
// DATA_KEY (config.dataKey) when given; else, on the embedded database, a random key kept beside its data
// (DATA_DIR/data.key, made on first start, mode 600); a throw-away database (memory://) uses a fixed key, since
// its data does not outlive the process. On PostgreSQL a key must be given: every instance sharing the database
// must seal with the same one, and a key made on one machine's disk would be lost with that machine.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { KeyRing } from './blob-cipher';

/** The server cannot seal or open what it keeps sealed: it does not start. */
export class DataKeyError extends Error {}

/** The key of a database that lives in memory only (memory://, the tests' PGlite servers). */
export const MEMORY_DATA_KEY = 'carelane-ephemeral-data-key';
export const DATA_KEY_FILE = 'data.key';
/** What the key file was called when it sealed only bank account numbers; adopted as DATA_KEY_FILE. */
const OLD_KEY_FILE = 'bank-account.key';
export const DATA_KEY_MIN_LENGTH = 16;

export const DATA_KEY_MISSING =
  'DATA_KEY (or DATA_KEY_FILE) must be set when DATABASE_URL is: the key that seals bank account numbers and ' +
  'bank files. Every instance that shares the database needs the same key; make one with ' +
  '`openssl rand -hex 32` and keep it outside the database.';

type KeyConfig = Pick<AppConfig, 'dataKey' | 'previousDataKey' | 'dataDir' | 'databaseUrl'>;

const fileKeys = new Map<string, string>();

function readKeyFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The key kept in the embedded database's folder, made (or adopted from its old name) on first use. */
function keyOfDataDir(dataDir: string): string {
  const known = fileKeys.get(dataDir);
  if (known) return known;
  const file = path.join(dataDir, DATA_KEY_FILE);
  let key = readKeyFile(file);
  if (!key) {
    fs.mkdirSync(dataDir, { recursive: true });
    const old = path.join(dataDir, OLD_KEY_FILE);
    if (readKeyFile(old)) {
      try {
        fs.renameSync(old, file);
      } catch {
        // another process adopted it first
      }
    } else {
      try {
        // 'wx': another process that made it first wins; read theirs.
        fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    key = readKeyFile(file);
    if (!key) throw new DataKeyError(`${file} holds no key`);
  }
  fileKeys.set(dataDir, key);
  return key;
}

function checked(name: string, key: string | undefined): string | undefined {
  if (key !== undefined && key.length < DATA_KEY_MIN_LENGTH)
    throw new DataKeyError(`${name} must be at least ${DATA_KEY_MIN_LENGTH} characters`);
  return key;
}

/** The server's key ring; throws DataKeyError when it has none it may use (PostgreSQL without DATA_KEY). */
export function dataKeys(config: KeyConfig): KeyRing {
  const given = checked('DATA_KEY', config.dataKey);
  const previous = checked('DATA_KEY_PREVIOUS', config.previousDataKey);
  let current: string;
  if (given) current = given;
  else if (config.databaseUrl) throw new DataKeyError(DATA_KEY_MISSING);
  else if (config.dataDir === 'memory://') current = MEMORY_DATA_KEY;
  else current = keyOfDataDir(config.dataDir);
  return previous && previous !== current ? { current, previous } : { current };
}
