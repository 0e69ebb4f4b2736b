// The key clinicians' bank account numbers are sealed with (AES-256-GCM, lib/blob-cipher.ts): BANK_ACCOUNT_KEY,
// else a random key kept beside the embedded database, made on first use. A throw-away database (memory://,
// the tests) uses a fixed key: its data does not outlive the process.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../../config';

const EPHEMERAL_KEY = 'carelane-ephemeral-bank-account-key';
const KEY_FILE = 'bank-account.key';
const keys = new Map<string, string>();

export function bankAccountKey(config: Pick<AppConfig, 'bankAccountKey' | 'dataDir'>): string {
  if (config.bankAccountKey) return config.bankAccountKey;
  if (config.dataDir === 'memory://') return EPHEMERAL_KEY;
  const known = keys.get(config.dataDir);
  if (known) return known;
  const file = path.join(config.dataDir, KEY_FILE);
  let key: string;
  try {
    key = fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    key = randomBytes(32).toString('hex');
    // 'wx': another process that made it first wins; read theirs.
    try {
      fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      key = fs.readFileSync(file, 'utf8').trim();
    }
  }
  keys.set(config.dataDir, key);
  return key;
}
