import { contractOfRoute, inputRefusals, isAnyCallRefusal, statusOfRefusal } from '@meridian/contracts/schemas';
import type { RefusalReason } from '@meridian/contracts';

/** Where a refusal came from: the input's validation (HTTP 400) or the route's own code (refuse()). */
export type RefusalSource = 'input' | 'route';

/**
 * Why a refusal breaks its call's contract, or undefined when the contract allows it: a key the contract does not
 * list, or a listed key at another HTTP status than the contract says. A route registered without a contract
 * (none under the API prefixes) is not checked. On in tests
 * (config.checkRefusals), so every server test that meets a refusal holds its route to the contract; the OpenAPI
 * document and the client's typed `reason` (ReasonOf) are only as true as these lists.
 */
export function contractBreach(route: string | undefined, reason: string, httpStatus: number, source: RefusalSource): string | undefined {
  const contract = route === undefined ? undefined : contractOfRoute(route);
  if (!contract || isAnyCallRefusal(reason)) return undefined;
  const { schema } = contract;
  if (source === 'input') {
    return inputRefusals(schema).includes(reason as RefusalReason) ? undefined : `${route} refused its input with "${reason}", which no schema of its contract names`;
  }
  if (!schema.refusals.includes(reason as RefusalReason)) {
    return `${route} answered the refusal "${reason}", which its contract does not list (contracts/src/${contract.domain}/schemas.ts, ${contract.name}.refusals)`;
  }
  const status = statusOfRefusal(schema, reason as RefusalReason);
  return status === httpStatus ? undefined : `${route} answered "${reason}" with HTTP ${httpStatus}, its contract says ${status} (refusalStatus)`;
}
