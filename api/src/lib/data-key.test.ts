import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { DATA_KEY_FILE, DATA_KEY_MISSING, DataKeyError, MEMORY_DATA_KEY, dataKeys } from './data-key';

const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'carelane-data-key-'));
const base = { dataKey: undefined, previousDataKey: undefined, databaseUrl: undefined };

describe('the data key (decision 035)', () => {
  it('on the embedded database makes a random key beside the data once (mode 600) and keeps using it', () => {
    const dataDir = folder();
    const first = dataKeys({ ...base, dataDir });
    const file = path.join(dataDir, DATA_KEY_FILE);
    expect(first.current).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.current);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(dataKeys({ ...base, dataDir })).toEqual(first);
  });

  it('adopts the key file of the bank account key, so what it sealed still opens', () => {
    const dataDir = folder();
    fs.writeFileSync(path.join(dataDir, 'bank-account.key'), 'an-older-key-of-this-folder\n');
    expect(dataKeys({ ...base, dataDir }).current).toBe('an-older-key-of-this-folder');
    expect(fs.readFileSync(path.join(dataDir, DATA_KEY_FILE), 'utf8').trim()).toBe(
      'an-older-key-of-this-folder',
    );
  });

  it('uses DATA_KEY when given, with the previous key while rotating, and a fixed key in memory', () => {
    const dataDir = folder();
    expect(dataKeys({ ...base, dataDir, dataKey: 'k'.repeat(32), previousDataKey: 'p'.repeat(32) })).toEqual({
      current: 'k'.repeat(32),
      previous: 'p'.repeat(32),
    });
    expect(fs.existsSync(path.join(dataDir, DATA_KEY_FILE))).toBe(false);
    expect(dataKeys({ ...base, dataDir: 'memory://' })).toEqual({ current: MEMORY_DATA_KEY });
  });

  it('refuses PostgreSQL without a key, and a key too short', () => {
    const pg = { ...base, dataDir: 'memory://', databaseUrl: 'postgres://db/carelane' };
    expect(() => dataKeys(pg)).toThrow(new DataKeyError(DATA_KEY_MISSING));
    expect(dataKeys({ ...pg, dataKey: 'k'.repeat(16) }).current).toBe('k'.repeat(16));
    expect(() => dataKeys({ ...pg, dataKey: 'short' })).toThrow('DATA_KEY must be at least 16 characters');
  });

  it('reads DATA_KEY, DATA_KEY_FILE, DATA_KEY_PREVIOUS(_FILE) and the former BANK_ACCOUNT_KEY from the environment', () => {
    const dir = folder();
    const keyFile = path.join(dir, 'key');
    fs.writeFileSync(keyFile, 'a-key-kept-in-a-file-0123\n');
    expect(loadConfig({ DATA_KEY_FILE: keyFile })).toMatchObject({ dataKey: 'a-key-kept-in-a-file-0123' });
    expect(loadConfig({ DATA_KEY: 'from-the-variable', DATA_KEY_FILE: keyFile }).dataKey).toBe(
      'from-the-variable',
    );
    expect(loadConfig({ BANK_ACCOUNT_KEY: 'the-former-name-0123' }).dataKey).toBe('the-former-name-0123');
    expect(loadConfig({ DATA_KEY_PREVIOUS_FILE: keyFile }).previousDataKey).toBe('a-key-kept-in-a-file-0123');
    expect(() => loadConfig({ DATA_KEY_FILE: path.join(dir, 'missing') })).toThrow(/cannot be read/);
  });
});
