import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { operatorError } from '../../http/refuse.js';

/** One remote as the assembler writes it into PUBLIC_DIR/mf-config.json. */
export interface RemoteEntry {
  name: string;
  version?: string;
  manifest: string;
  routes: string[];
  /** Its contributions to the named slots (home.entries, nav.top, ...), copied from its meridian.routes.json. */
  slots?: Record<string, unknown>;
  /** The URL path of its slot texts ({ <lng>: { key: text } }), written by the assembler beside its build. */
  slotTexts?: string;
  /** The URL path of its routes' first frames ({ <lng>: { <path>: { title, subtitle } } }), written by the assembler. */
  firstFrames?: string;
}

/**
 * GET /mf-config.json: the remotes the shell registers at start. The file is read on every request, so promoting
 * or rolling back a remote is an edit of that file, with no restart.
 */
export const mfConfigRoutes: FastifyPluginAsync<AppContext> = async (app, { config }) => {
  app.get('/mf-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return readPlatformConfig(config);
  });

  // GET /slot-texts/<lng>.json: every live remote's slot texts in one language, one request for them all, read
  // from the files mf-config.json names (so promoting or rolling back a remote changes them with it).
  app.get<{ Params: { lng: string } }>('/slot-texts/:lng', async (request, reply) => {
    const lng = /^([a-z]{2})\.json$/.exec(request.params.lng)?.[1];
    if (!lng) return reply.code(404).send({ code: 404, msg: 'unknown language' });
    reply.header('cache-control', 'no-cache');
    const { remotes } = await readPlatformConfig(config);
    return readSlotTexts(config.publicDir, remotes, lng);
  });
};

/** { <remote>: { key: text } } in one language; a remote whose file is missing or lacks the language is left out. */
export async function readSlotTexts(publicDir: string, remotes: RemoteEntry[], lng: string): Promise<Record<string, Record<string, string>>> {
  const entries = await Promise.all(
    remotes.map(async (remote) => {
      if (!remote.slotTexts) return null;
      const file = path.join(publicDir, path.normalize(remote.slotTexts).replace(/^([/\\]|\.\.)+/, ''));
      try {
        const texts = JSON.parse(await readFile(file, 'utf8')) as Record<string, Record<string, string> | undefined>;
        return texts[lng] ? ([remote.name, texts[lng]] as const) : null;
      } catch {
        return null;
      }
    }),
  );
  return Object.fromEntries(entries.filter((entry) => entry !== null));
}

/** What the shell starts from: the remotes of PUBLIC_DIR/mf-config.json plus the settings of this server. */
export interface PlatformConfig {
  remotes: RemoteEntry[];
  mobileOnly: boolean;
  overrideOrigins: string[];
}

/** Served as /mf-config.json and inlined into index.html (static.ts): one reading, so the two never differ. */
export async function readPlatformConfig(config: Pick<Config, 'publicDir' | 'mobileOnly' | 'mfOverrideOrigins'>): Promise<PlatformConfig> {
  const remotes = parseRemotes(await readConfigFile(path.join(config.publicDir, 'mf-config.json')));
  return { remotes, mobileOnly: config.mobileOnly, overrideOrigins: config.mfOverrideOrigins };
}

async function readConfigFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw operatorError('mf-config.json is missing: the platform is not built, or PUBLIC_DIR points elsewhere', 503);
    }
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw operatorError('mf-config.json is not valid JSON', 503);
  }
}

function parseRemotes(value: unknown): RemoteEntry[] {
  const remotes = (value as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) throw operatorError('mf-config.json: "remotes" must be an array', 503);
  remotes.forEach((remote: Partial<RemoteEntry> | null, i) => {
    const valid =
      typeof remote?.name === 'string' &&
      typeof remote.manifest === 'string' &&
      (remote.version === undefined || typeof remote.version === 'string') &&
      Array.isArray(remote.routes) &&
      remote.routes.every((route) => typeof route === 'string');
    if (!valid) throw operatorError(`mf-config.json: remotes[${i}] needs string name and manifest and a routes string array`, 503);
  });
  return remotes as RemoteEntry[];
}
