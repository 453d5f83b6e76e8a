import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ApiPrefix } from '../api.js';
import type { AppContext } from '../context.js';
import type { Command } from '../ops/commands.js';
import type { JobDefinition } from './jobs/job-runner.js';

/**
 * The services modules hand to the modules after them, by name. A module that provides one adds its entry here by
 * declaration merging, next to its definition:
 *
 *     declare module '../../platform-kit/define-module.js' {
 *       interface ServiceRegistry { market: MarketService }
 *     }
 *
 * so `needs: ['market']` is checked against the names that exist and the service arrives with its type.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules (declaration merging)
export interface ServiceRegistry {}
export type ServiceName = keyof ServiceRegistry;

/** Where a module's routes go: one of the spec's API groups, `/dev` (development helpers) or the root. */
export type RoutePrefix = ApiPrefix | '/dev' | '';

/** Fastify plugins by prefix; each is registered with the AppContext as its options. */
export type ModuleRoutes = Partial<Record<RoutePrefix, FastifyPluginAsync<AppContext> | readonly FastifyPluginAsync<AppContext>[]>>;

/** What a module's hooks receive: the app's context, a logger, and exactly the services it needs or provides. */
export interface ModuleContext<S extends ServiceName = never> extends AppContext {
  log: FastifyBaseLogger;
  services: Pick<ServiceRegistry, S>;
}

/**
 * One domain module. Start-up takes the modules in list order: `seed` (a failure is only logged: a store that
 * is down at start costs a warning, and /health reports it), `setup` (its services, for itself and later modules),
 * then every module's `streams`, then every module's `routes` under their prefixes, `jobs` for the job runner,
 * and `opsCommands` for the operator channel and `pnpm ops`. `start` runs when the app is ready, in list order;
 * `stop` before it closes, in reverse order.
 */
export interface ModuleDefinition<N extends ServiceName = never, P extends ServiceName = never> {
  readonly name: string;
  /** Services of earlier modules this one uses; start-up refuses a list where no earlier module provides one. */
  readonly needs?: readonly N[];
  seed?(context: ModuleContext<N>): Promise<unknown>;
  setup?(context: ModuleContext<N>): Pick<ServiceRegistry, P> | Promise<Pick<ServiceRegistry, P>>;
  /** Websocket endpoints (the websocket plugin is registered before any module). */
  streams?(app: FastifyInstance, context: ModuleContext<N | P>): void | Promise<void>;
  routes?(context: ModuleContext<N | P>): ModuleRoutes;
  jobs?(context: ModuleContext<N | P>): readonly JobDefinition[];
  /** Static, so `pnpm ops` can list and run them without starting the app. */
  readonly opsCommands?: readonly Command[];
  /**
   * The product kinds this module sells through the kit: each has one reserve account (reserve:<kind>, per mode
   * and asset) that backs every product of the kind, with one coverage check. Static, so `pnpm ops reserve:*`
   * funds and lists exactly these without starting the app.
   */
  readonly productKinds?: readonly string[];
  start?(context: ModuleContext<N | P>): Promise<void>;
  stop?(context: ModuleContext<N | P>): Promise<void>;
}

/** A module of any needs and services, as the module list holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the list erases each module's own type parameters
export type AnyModule = ModuleDefinition<any, any>;

/** Declares a module; the type parameters are inferred from `needs` and what `setup` returns. */
export function defineModule<N extends ServiceName = never, P extends ServiceName = never>(definition: ModuleDefinition<N, P>): ModuleDefinition<N, P> {
  return definition;
}
