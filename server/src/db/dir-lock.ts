import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export interface DirLock {
  release(): Promise<void>;
}

/** Claims dir for this process with a pid file; a lock left by a process that no longer runs is taken over. */
export async function acquireDirLock(dir: string): Promise<DirLock> {
  const file = path.join(dir, 'meridian.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new Error(`The embedded database at ${dir} is in use by process ${owner}; stop it or set DATABASE_URL`);
      }
      if (owner === process.pid) throw new Error(`The embedded database at ${dir} is already open in this process`);
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
