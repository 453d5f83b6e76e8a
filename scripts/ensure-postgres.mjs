// Finds or provides a real PostgreSQL server for the server's test suite.
//
//   1. A server already answers on 127.0.0.1:5432  -> postgres://postgres@127.0.0.1:5432/postgres
//   2. Else Debian's PostgreSQL binaries (installed with apt-get if missing and we are root) -> a throwaway
//      cluster: initdb into a temp folder with trust auth, started on a free local port (as the `postgres`
//      user when we are root: initdb refuses root), stopped and deleted by stop().
//
// As a module: `const pg = await ensurePostgres(); ... pg.url ...; await pg.stop();`
// As a script: `node scripts/ensure-postgres.mjs` prints the URL and keeps a throwaway cluster until Ctrl-C;
//              `node scripts/ensure-postgres.mjs -- <command...>` runs the command with TEST_DATABASE_URL set.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, freePort, isMain, isRoot, run, tcpAnswers } from './lib.mjs';

/** Does a PostgreSQL server answer on host:port? Sends the protocol's SSLRequest and expects 'S' or 'N'. */
export function postgresAnswers(host = '127.0.0.1', port = 5432, timeoutMs = 1500) {
  const hello = Buffer.alloc(8);
  hello.writeInt32BE(8, 0);
  hello.writeInt32BE(80877103, 4); // SSLRequest code
  return tcpAnswers(host, port, { timeoutMs, hello, expect: (data) => data.length >= 1 && (data[0] === 0x53 || data[0] === 0x4e) });
}

function findBinDir() {
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    const versions = fs
      .readdirSync(base)
      .filter((v) => fs.existsSync(path.join(base, v, 'bin/initdb')) && fs.existsSync(path.join(base, v, 'bin/pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return path.join(base, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const initdb = which.stdout?.trim();
  if (which.status === 0 && initdb) {
    const dir = path.dirname(fs.realpathSync(initdb));
    if (fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

async function installPostgres(log) {
  if (!isRoot()) {
    throw new Error('PostgreSQL is not installed and this is not root: install Debian\'s "postgresql" package, or start a server on 127.0.0.1:5432');
  }
  log('PostgreSQL binaries not found: installing Debian\'s "postgresql" package (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'postgresql']]) {
    const { code } = await run('apt-get', args, { env });
    if (code !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${code})`);
  }
}

function userIds(name) {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Run a PostgreSQL binary, as the postgres user when we are root. */
async function runPg(bin, args, log) {
  let cmd = bin;
  let argv = args;
  if (isRoot()) {
    const hasRunuser = spawnSync('sh', ['-c', 'command -v runuser'], { encoding: 'utf8' }).status === 0;
    if (hasRunuser) {
      cmd = 'runuser';
      argv = ['-u', 'postgres', '--', bin, ...args];
    } else {
      const quote = (s) => `'${String(s).replaceAll("'", "'\\''")}'`;
      cmd = 'su';
      argv = ['postgres', '-s', '/bin/sh', '-c', [bin, ...args].map(quote).join(' ')];
    }
  }
  const res = await run(cmd, argv, { capture: true, quiet: true });
  if (res.code !== 0) {
    log(res.output);
    throw new Error(`${path.basename(bin)} failed (exit ${res.code})`);
  }
  return res;
}

/**
 * @param {{ log?: (msg: string) => void, allowExisting?: boolean }} [options]
 * @returns {Promise<{ url: string, source: 'existing' | 'throwaway', stop: () => Promise<void> }>}
 */
export async function ensurePostgres({ log = (m) => console.log(m), allowExisting = true } = {}) {
  if (allowExisting && (await postgresAnswers('127.0.0.1', 5432))) {
    log('PostgreSQL answers on 127.0.0.1:5432: using it');
    return { url: 'postgres://postgres@127.0.0.1:5432/postgres', source: 'existing', stop: async () => {} };
  }

  let binDir = findBinDir();
  if (!binDir) {
    await installPostgres(log);
    binDir = findBinDir();
    if (!binDir) throw new Error('PostgreSQL was installed but initdb/pg_ctl were not found under /usr/lib/postgresql');
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-pg-'));
  const dataDir = path.join(dir, 'data');
  if (isRoot()) {
    const ids = userIds('postgres');
    if (!ids) throw new Error('running as root but there is no "postgres" user to run the throwaway cluster as');
    fs.chownSync(dir, ids.uid, ids.gid);
  }
  const port = await freePort();
  log(`starting a throwaway PostgreSQL cluster (${binDir}) in ${dir} on 127.0.0.1:${port}`);
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await runPg(path.join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'], log);
    await runPg(
      path.join(binDir, 'pg_ctl'),
      ['-D', dataDir, '-l', path.join(dir, 'postgres.log'), '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start'],
      log,
    );
  } catch (err) {
    if (fs.existsSync(path.join(dir, 'postgres.log'))) log(fs.readFileSync(path.join(dir, 'postgres.log'), 'utf8'));
    cleanup();
    throw err;
  }

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      await runPg(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop'], log);
    } catch (err) {
      log(`could not stop the throwaway PostgreSQL cluster cleanly: ${err.message}`);
    }
    cleanup();
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, source: 'throwaway', stop };
}

/**
 * A fresh database on that server for one test run (so runs never see each other's rows), created and dropped
 * with the server package's own "pg" client. Falls back to the URL itself when "pg" is not installed.
 * @returns {Promise<{ url: string, drop: () => Promise<void> }>}
 */
export async function scratchDatabase(url, { log = (m) => console.log(m) } = {}) {
  let pg;
  try {
    pg = createRequire(path.join(ROOT, 'server/package.json'))('pg');
  } catch {
    log('("pg" is not installed in server/: the tests use the database in the URL as it is)');
    return { url, drop: async () => {} };
  }
  const name = `meridian_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  let dropped = false;
  return {
    url: target.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

if (isMain(import.meta.url)) {
  const sep = process.argv.indexOf('--');
  const command = sep > 0 ? process.argv.slice(sep + 1) : [];
  const fresh = process.argv.includes('--throwaway');
  const pg = await ensurePostgres({ allowExisting: !fresh });
  if (command.length) {
    const { code } = await run(command[0], command.slice(1), { env: { ...process.env, TEST_DATABASE_URL: pg.url } });
    await pg.stop();
    process.exit(code);
  }
  console.log(pg.url);
  if (pg.source === 'existing') process.exit(0);
  console.log('Ctrl-C stops and deletes the cluster');
  const onSignal = async () => {
    await pg.stop();
    process.exit(0);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  setInterval(() => {}, 1 << 30);
}
