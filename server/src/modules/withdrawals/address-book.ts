import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { addressKey, isChainAddress } from '../deposits/chain-address.js';
import { findChain, findCurrency } from '../wallet/currencies.js';
import { countAddresses, deleteAddress, findAddress, insertAddress, listAddresses, type SavedAddress } from './storage.js';

/** A cap per user, so the book stays a list a person picks from. */
const MAX_ADDRESSES = 50;

/** The withdrawal address book: addresses per coin and chain, each checked for its chain when saved. */
export function createAddressBook({ db, clock }: { db: Db; clock: () => Date }) {
  return {
    /** Saves a withdrawal address: the chain must be one of the coin's and the address in that chain's format. */
    async saveAddress(userId: string, input: { asset: unknown; chain: unknown; address: string; alias?: string }): Promise<SavedAddress> {
      const currency = findCurrency(input.asset);
      const chain = findChain(currency, input.chain);
      const address = input.address.trim();
      if (!isChainAddress(chain.id, address)) throw refuse('invalidChain');
      if ((await countAddresses(db, userId)) >= MAX_ADDRESSES) throw refuse('tooManyAddresses', { max: MAX_ADDRESSES });
      const saved = await insertAddress(db, {
        userId,
        asset: currency.asset,
        chain: chain.id,
        address,
        addressKey: addressKey(chain.id, address),
        alias: input.alias?.trim() ?? '',
      }, clock());
      if (!saved) throw refuse('duplicateAddress');
      return saved;
    },

    async deleteAddress(userId: string, id: string): Promise<void> {
      if (!(await deleteAddress(db, userId, id))) throw refuse('notFound');
    },

    addresses(userId: string, filter: { asset?: string | undefined; chain?: string | undefined }): Promise<SavedAddress[]> {
      const currency = filter.asset ? findCurrency(filter.asset) : undefined;
      const chain = filter.chain ? (currency ? findChain(currency, filter.chain).id : filter.chain.trim().toUpperCase()) : undefined;
      return listAddresses(db, userId, { asset: currency?.asset, chain });
    },

    async address(userId: string, id: string): Promise<SavedAddress> {
      const found = await findAddress(db, userId, id);
      if (!found) throw refuse('notFound');
      return found;
    },
  };
}

export type AddressBook = ReturnType<typeof createAddressBook>;
