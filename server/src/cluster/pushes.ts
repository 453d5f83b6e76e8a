import type { UserEvent, UserEventSink } from '../modules/platform/user-events.js';
import type { Bus } from './bus.js';

const CHANNEL = 'user-events';

/**
 * One event stream for the venue: a committed change's push is published once, and every process (this one
 * included, through the same channel, so the order of a user's pushes is the bus's) delivers it to the sockets of
 * the user it holds.
 */
export function clusterSink(bus: Bus, local: UserEventSink): UserEventSink {
  bus.subscribe<{ userId: string; event: UserEvent }>(CHANNEL, ({ userId, event }) => void local.push(userId, event));
  return {
    push(userId, event) {
      bus.publish(CHANNEL, { userId, event });
      return 1;
    },
  };
}
