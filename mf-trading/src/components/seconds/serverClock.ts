import { useEffect, useState } from 'react';
import { seconds } from '@meridian/contracts';
import { call } from '@meridian/shared';

/**
 * How far the server's clock is ahead of this device's (ms, negative when behind), from a reply's serverTime and
 * the request's round trip: the server answered about halfway between sending and receiving. A countdown that
 * trusted the device's clock alone would be off by however wrong that clock is.
 */
export function clockOffset(serverTime: number, sentAt: number, receivedAt: number): number {
  return serverTime - Math.round((sentAt + receivedAt) / 2);
}

/** One page of the user's contracts, with the offset of the server's clock measured on the way. */
export async function fetchContracts(status: 'open' | 'history', page: number, size: number) {
  const sentAt = Date.now();
  const data = await call(seconds.getContractList, { status, page, size });
  return { ...data, clockOffset: clockOffset(data.serverTime, sentAt, Date.now()) };
}

/** The server's time now (this device's clock plus `offset`), read again every second while `active`. */
export function useServerNow(offset: number, active = true): number {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [offset, active]);
  return now;
}
