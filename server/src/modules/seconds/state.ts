/**
 * A contract's state as SQL over `seconds_contracts` (unaliased). A refund is its own row in `seconds_refunds`
 * (migration 0024: the contract table's status stays 'open' | 'settled'), so "still waiting for its close" is an
 * open status without a refund.
 */
export const REFUNDED = 'EXISTS (SELECT 1 FROM seconds_refunds r WHERE r.contract_id = seconds_contracts.id)';
export const STILL_OPEN = `status = 'open' AND NOT ${REFUNDED}`;
