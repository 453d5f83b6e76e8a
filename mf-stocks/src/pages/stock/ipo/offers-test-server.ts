// Tests only: the shared server stand-in (@meridian/shared/testing); offers' refusals always carry their key.
import { page as pageOf, refused as refusal } from '@meridian/shared/testing';

export { installServer, ok, type Answer, type Body, type Call } from '@meridian/shared/testing';
export const refused = (msg: string, reason: string) => refusal(msg, 1002, reason);
export const page = <T>(list: T[]) => pageOf(list, list.length, 50);
