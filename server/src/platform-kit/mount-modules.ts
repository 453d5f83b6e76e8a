import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { API_PREFIXES } from '../api.js';
import type { AppContext } from '../context.js';
import type { Command } from '../ops/commands.js';
import type { AnyModule, ModuleContext, RoutePrefix, ServiceName } from './define-module.js';
import type { JobDefinition } from './jobs/job-runner.js';

export interface MountedModules {
  /** Every service the modules provided, by name. */
  services: Record<string, unknown>;
  jobs: JobDefinition[];
  opsCommands: Command[];
  /** Each module's start, in list order (call when the app is ready). */
  start(): Promise<void>;
  /** Each started module's stop, in reverse order; every stop runs even if one fails (the first error is rethrown). */
  stop(): Promise<void>;
}

/**
 * Takes what each module declares, in list order: seeds and services first (so a module's needs are met by the
 * modules before it), then streams, then routes grouped under their prefixes, then the jobs and operator commands.
 */
export async function mountModules(app: FastifyInstance, base: AppContext, modules: readonly AnyModule[]): Promise<MountedModules> {
  const names = new Set<string>();
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`Two modules are named "${module.name}"`);
    names.add(module.name);
  }

  const services: Record<string, unknown> = {};
  const contexts = new Map<AnyModule, ModuleContext<ServiceName>>();
  for (const module of modules) {
    const needs: readonly string[] = module.needs ?? [];
    for (const need of needs) {
      if (!(need in services)) throw new Error(`Module "${module.name}" needs "${need}", which no module before it provides (order the list in app.ts)`);
    }
    const log = app.log.child({ module: module.name });
    // A module sees only what it declared it needs, then what it provides itself.
    const visible: Record<string, unknown> = Object.fromEntries(needs.map((need) => [need, services[need]]));
    const context = { ...base, log, services: visible } as ModuleContext<ServiceName>;
    if (module.seed) {
      await module.seed(context).catch((err: unknown) => log.warn({ err }, `start-up seed of ${module.name} failed`));
    }
    const provided: Record<string, unknown> = (await module.setup?.(context)) ?? {};
    for (const [name, service] of Object.entries(provided)) {
      if (name in services) throw new Error(`Module "${module.name}" provides "${name}", which an earlier module already provides`);
      services[name] = service;
      visible[name] = service;
    }
    contexts.set(module, context);
  }
  const contextOf = (module: AnyModule) => contexts.get(module)!;

  for (const module of modules) await module.streams?.(app, contextOf(module));

  // The spec's API groups exist (and come first) even when empty; other prefixes follow in the order met.
  const groups = new Map<RoutePrefix, FastifyPluginAsync<AppContext>[]>(API_PREFIXES.map((prefix) => [prefix, []]));
  for (const module of modules) {
    for (const [prefix, plugins] of Object.entries(module.routes?.(contextOf(module)) ?? {}) as [RoutePrefix, FastifyPluginAsync<AppContext> | FastifyPluginAsync<AppContext>[]][]) {
      const group = groups.get(prefix) ?? [];
      group.push(...(Array.isArray(plugins) ? plugins : [plugins]));
      groups.set(prefix, group);
    }
  }
  for (const [prefix, plugins] of groups) {
    await app.register(
      async (group) => {
        for (const plugin of plugins) await group.register(plugin, base);
      },
      { prefix },
    );
  }

  const jobs = modules.flatMap((module) => [...(module.jobs?.(contextOf(module)) ?? [])]);
  const opsCommands = modules.flatMap((module) => [...(module.opsCommands ?? [])]);

  const started: AnyModule[] = [];
  return {
    services,
    jobs,
    opsCommands,
    async start() {
      for (const module of modules) {
        await module.start?.(contextOf(module));
        started.push(module);
      }
    },
    async stop() {
      let failure: unknown;
      for (const module of started.splice(0).reverse()) {
        try {
          await module.stop?.(contextOf(module));
        } catch (err) {
          contextOf(module).log.error({ err }, `stopping ${module.name} failed`);
          failure ??= err;
        }
      }
      if (failure) throw failure;
    },
  };
}
