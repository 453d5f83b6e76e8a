// `start`: install, build and assemble (unless --skip-build), then the server in the foreground until it exits.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, waitForHttp } from '../lib.mjs';
import { banner, log } from './output.mjs';
import { installAndBuild } from './steps.mjs';

export async function start(args) {
  if (!args.includes('--skip-build') && !(await installAndBuild())) process.exit(1);
  const port = process.env.PORT || '8080';
  banner('starting the server');
  const child = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: port },
    stdio: 'inherit',
  });
  let exited = false;
  child.on('exit', (code, signal) => {
    exited = true;
    process.exit(code ?? (signal ? 1 : 0));
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  try {
    await waitForHttp(`http://127.0.0.1:${port}/health`, { timeoutMs: 120_000, isAlive: () => !exited });
    log(`\nMeridian is running at http://localhost:${port}`);
    log(process.env.MOBILE_ONLY === 'false'
      ? '(desktop layout allowed: MOBILE_ONLY=false)'
      : '(mobile-only by default: use a phone-sized window, or start with MOBILE_ONLY=false for the desktop layout)');
  } catch (err) {
    if (!exited) console.error(`the server did not answer /health: ${err.message}`);
  }
}
