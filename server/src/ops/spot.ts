import { openOrders } from '../modules/spot/storage.js';
import type { Command } from './commands.js';

/** Operator commands of spot trading: read only. No command can change an order, a fill price or a balance. */
export const SPOT_COMMANDS: Command[] = [
  {
    name: 'spot:open',
    usage: 'spot:open [symbol]',
    summary: 'List open (pending) spot orders, oldest first',
    changes: false,
    async run(args, _db, context) {
      const orders = await openOrders(await context.db(), args[0]?.toUpperCase().replace('/', ''));
      if (!orders.length) context.print('No open spot order.');
      for (const o of orders) {
        context.print(
          [o.id, `user:${o.userId}`, o.mode, o.symbol, o.side, o.type, `${o.doneQuantity}/${o.quantity} @ ${o.price}`, `frozen ${o.frozen} ${o.frozenAsset}`,
            o.createdAt.toISOString()].join('  '),
        );
      }
    },
  },
];
