// `node scripts/platform.mjs cluster [--processes=3] [--port=8080]`: one venue on several server processes
// (server/src/cluster), on the components an operator runs anyway, from Debian's packages:
//
//   PostgreSQL  DATABASE_URL, else ensure-postgres.mjs (the server on 127.0.0.1:5432, or a throwaway cluster),
//               with a database `meridian_cluster` created on it if missing;
//   Redis       REDIS_URL, else redis-server on 127.0.0.1:6379 if it answers, else one started on a free port
//               (Debian's redis-server, installed with apt-get when missing and root);
//   nginx       in front on --port (default 8080), round-robin over the processes, websockets proxied, a process
//               that fails taken out (max_fails) — Debian's nginx, installed the same way.
//
// Starts N processes (server/dist/main.js when built, else the sources through tsx) on distinct ports, then nginx.
// Ctrl-C or SIGTERM stops everything it started, by process id: nginx first, then each server with SIGTERM (it
// finishes its requests in flight, closes its sockets, gives up leadership), then what it started of Redis and
// PostgreSQL.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePostgres } from './ensure-postgres.mjs';
import { ROOT, freePort, isMain, isRoot, run, tcpAnswers, waitForHttp } from './lib.mjs';

const log = (msg = '') => console.log(msg);

function has(binary) {
  return spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' }).status === 0;
}

/** Installs Debian packages with apt-get (root only), `apt-get update` first. */
async function aptInstall(packages) {
  if (!isRoot()) throw new Error(`missing ${packages.join(', ')}: install Debian's packages (apt-get install ${packages.join(' ')})`);
  log(`installing Debian's ${packages.join(', ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...packages]]) {
    const { code } = await run('apt-get', args, { env });
    if (code !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${code})`);
  }
}

/** Redis: REDIS_URL, the server on 6379, or one of our own on a free port. */
export async function ensureRedis() {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => {} };
  if (await tcpAnswers('127.0.0.1', 6379)) {
    log('Redis answers on 127.0.0.1:6379: using it');
    return { url: 'redis://127.0.0.1:6379', stop: async () => {} };
  }
  if (!has('redis-server')) await aptInstall(['redis-server']);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-redis-'));
  // nothing in Redis is money (server README): no persistence needed
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore', detached: true });
  for (let i = 0; i < 50 && !(await tcpAnswers('127.0.0.1', port)); i++) await new Promise((r) => setTimeout(r, 100));
  log(`started redis-server (pid ${child.pid}) on 127.0.0.1:${port}`);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      await stopChild(child, 'SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The venue's database on that server, created when missing (it persists across runs, as a venue's should). */
async function venueDatabase(url) {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const pg = createRequire(path.join(ROOT, 'server/package.json'))('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'meridian_cluster'`);
    if (!rows.length) await admin.query('CREATE DATABASE meridian_cluster');
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = '/meridian_cluster';
  return target.toString();
}

/** nginx's configuration: round-robin upstream, websockets upgraded, a failing process skipped for 5 s. */
export function nginxConfig({ dir, port, upstreams }) {
  return `
${isRoot() ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream meridian {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://meridian;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      # a process that is stopping or gone: the request goes to the next one
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

async function startNginx(port, upstreams) {
  if (!has('nginx') && !fs.existsSync('/usr/sbin/nginx')) await aptInstall(['nginx']);
  const binary = has('nginx') ? 'nginx' : '/usr/sbin/nginx';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ dir, port, upstreams }));
  const child = spawn(binary, ['-c', conf, '-p', dir], { stdio: 'inherit', detached: true });
  return {
    child,
    stop: async () => {
      await stopChild(child, 'SIGQUIT');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function stopChild(child, signal, timeoutMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

function serverCommand() {
  const dist = path.join(ROOT, 'server/dist/main.js');
  if (fs.existsSync(dist) && fs.existsSync(path.join(ROOT, 'contracts/dist/index.js'))) return { args: [dist], cwd: ROOT };
  log('(the server is not built: running the sources through tsx; `node scripts/platform.mjs build` builds it)');
  return { args: ['--conditions=source', '--import', 'tsx', 'src/main.ts'], cwd: path.join(ROOT, 'server') };
}

export async function cluster(args) {
  const option = (name, fallback) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const count = option('processes', 3);
  const port = option('port', process.env.PORT || 8080);
  if (!Number.isInteger(count) || count < 1) throw new Error('--processes must be a whole number of at least 1');

  const started = [];
  const stopAll = async () => {
    for (const stop of started.reverse()) await stop().catch((err) => log(`stop failed: ${err.message}`));
    started.length = 0;
  };
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      log(`\n${sig}: stopping everything this command started`);
      void stopAll().then(() => process.exit(0));
    });
  }

  try {
    const postgres = await ensurePostgres({ log });
    started.push(postgres.stop);
    const databaseUrl = await venueDatabase(postgres.url);
    const redis = await ensureRedis();
    started.push(redis.stop);

    const { args: serverArgs, cwd } = serverCommand();
    const dataRoot = path.resolve(ROOT, process.env.DATA_DIR || 'data/cluster');
    const ports = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    const servers = [];
    for (const [i, serverPort] of ports.entries()) {
      const dataDir = path.join(dataRoot, `p${i + 1}`);
      fs.mkdirSync(dataDir, { recursive: true });
      const child = spawn(process.execPath, serverArgs, {
        cwd,
        env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redis.url, PORT: String(serverPort), HOST: '127.0.0.1', DATA_DIR: dataDir, TRUST_PROXY: 'loopback' },
        stdio: 'inherit',
        // a group of its own: a terminal's Ctrl-C reaches this command only, which then stops each server once
        // (a second signal would make a server exit without finishing its requests)
        detached: true,
      });
      servers.push(child);
      started.push(() => stopChild(child, 'SIGTERM'));
      log(`server ${i + 1}: pid ${child.pid} on 127.0.0.1:${serverPort}`);
      // the first brings the schema up to date alone; the others start together
      if (i === 0) await waitForHttp(`http://127.0.0.1:${serverPort}/health`, { timeoutMs: 180_000, isAlive: () => child.exitCode === null });
    }
    await Promise.all(ports.map((p, i) => waitForHttp(`http://127.0.0.1:${p}/health`, { timeoutMs: 180_000, isAlive: () => servers[i].exitCode === null })));

    const nginx = await startNginx(port, ports);
    started.push(nginx.stop);
    await waitForHttp(`http://127.0.0.1:${port}/health`, { timeoutMs: 30_000, isAlive: () => nginx.child.exitCode === null });
    log(`\nMeridian cluster: ${count} processes behind nginx at http://127.0.0.1:${port} (Ctrl-C stops all)`);
    for (const child of [...servers, nginx.child]) {
      child.on('exit', (code, signal) => {
        if (!stopping) log(`process ${child.pid} exited (${signal ?? code}); the others go on serving`);
      });
    }
  } catch (err) {
    console.error(`cluster: ${err.message}`);
    await stopAll();
    process.exit(1);
  }
}

if (isMain(import.meta.url)) await cluster(process.argv.slice(2));
