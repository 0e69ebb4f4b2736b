import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const LOCK_FILE = 'carelane.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not lock its folder and a second process would corrupt it, so one server claims the folder
 * with a pid file created exclusively. A lock left by a process that no longer runs (kill -9) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another Carelane server (pid ${holder}). ` +
            'Stop that server, or start this one with a different DATA_DIR.',
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
