// `dev`: the server in watch mode and the webpack dev servers of the shell and every remote, with an mf-config.json
// pointing the shell at the remotes' dev servers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { writeFirstFrames, writeSlotTexts } from '../assemble.mjs';
import { REMOTES, ROOT, pnpmCommand, readJson } from '../lib.mjs';
import { log } from './output.mjs';
import { FRONT_END_FILTERS, install } from './steps.mjs';

function devPort(dir, fallback) {
  try {
    return readJson(path.join(ROOT, dir, 'package.json')).meridian?.devPort ?? fallback;
  } catch {
    return fallback;
  }
}

export async function dev() {
  if ((await install()).code !== 0) process.exit(1);
  const serverPort = process.env.PORT || '8080';
  // The server serves PUBLIC_DIR/mf-config.json; in dev it points every remote at its webpack dev server.
  const devPublic = path.join(ROOT, 'build/dev-public');
  fs.mkdirSync(devPublic, { recursive: true });
  const remotes = REMOTES.map(({ dir, name }, i) => {
    const port = devPort(dir, 3001 + i);
    const routesFile = path.join(ROOT, dir, 'meridian.routes.json');
    const { routes = [], slots, firstFrames } = fs.existsSync(routesFile) ? readJson(routesFile) : {};
    // the slot texts are written as the assembler writes them, under remotes/<name>/dev/ of the dev public folder
    const textsDir = path.join(devPublic, 'remotes', name, 'dev');
    if (slots || firstFrames) fs.mkdirSync(textsDir, { recursive: true });
    const slotTexts = slots ? writeSlotTexts(dir, name, slots, textsDir) : undefined;
    if (firstFrames) writeFirstFrames(dir, name, firstFrames, textsDir);
    const frames = firstFrames ? `/remotes/${name}/dev/first-frames.json` : undefined;
    return { name, version: 'dev', manifest: `http://localhost:${port}/mf-manifest.json`, routes, slots, slotTexts, firstFrames: frames, port, dir };
  });
  fs.writeFileSync(
    path.join(devPublic, 'mf-config.json'),
    `${JSON.stringify({ remotes: remotes.map((r) => ({ name: r.name, version: r.version, manifest: r.manifest, routes: r.routes, slots: r.slots, slotTexts: r.slotTexts, firstFrames: r.firstFrames })) }, null, 2)}\n`,
  );

  const { cmd, args: pre } = pnpmCommand();
  const children = [
    spawn(cmd, [...pre, '--filter', '@meridian/server', 'run', 'dev'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, PORT: serverPort, PUBLIC_DIR: process.env.PUBLIC_DIR || devPublic, MOBILE_ONLY: process.env.MOBILE_ONLY ?? 'false' },
    }),
    spawn(cmd, [...pre, '-r', '--parallel', ...FRONT_END_FILTERS, 'run', 'dev'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, MERIDIAN_SERVER: `http://127.0.0.1:${serverPort}` },
    }),
  ];
  const stopAll = (sig) => children.forEach((c) => c.exitCode === null && c.kill(sig));
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stopAll(sig));
  children.forEach((c) =>
    c.on('exit', (code) => {
      stopAll('SIGTERM');
      process.exitCode = code ?? 1;
    }),
  );

  log(`
Meridian dev:
  open      http://localhost:${devPort('shell', 3000)}      shell dev server (proxies the API, streams and /mf-config.json)
  server    http://localhost:${serverPort}      tsx watch, mf-config from ${path.relative(ROOT, devPublic)}/
${remotes.map((r) => `  ${r.name.padEnd(12)}http://localhost:${r.port}      standalone preview of ${r.dir}`).join('\n')}
`);
}
