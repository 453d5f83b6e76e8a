import type { Db } from '../../db/db.js';
import { AppError } from '../../http/envelope.js';
import { addressKey, isChainAddress } from '../deposits/chain-address.js';
import { MONEY_FAIL, MONEY_MSG } from '../ledger/messages.js';
import { findChain, findCurrency } from '../wallet/currencies.js';
import { countAddresses, deleteAddress, findAddress, insertAddress, listAddresses, type SavedAddress } from './storage.js';

export const ADDRESS_MSG = {
  duplicateAddress: 'This address is already saved',
  tooManyAddresses: 'You can save at most 50 addresses',
} as const;

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
      if (!isChainAddress(chain.id, address)) throw new AppError(MONEY_FAIL, MONEY_MSG.invalidChain);
      if ((await countAddresses(db, userId)) >= MAX_ADDRESSES) throw new AppError(MONEY_FAIL, ADDRESS_MSG.tooManyAddresses);
      const saved = await insertAddress(db, {
        userId,
        asset: currency.asset,
        chain: chain.id,
        address,
        addressKey: addressKey(chain.id, address),
        alias: input.alias?.trim() ?? '',
      }, clock());
      if (!saved) throw new AppError(MONEY_FAIL, ADDRESS_MSG.duplicateAddress);
      return saved;
    },

    async deleteAddress(userId: string, id: string): Promise<void> {
      if (!(await deleteAddress(db, userId, id))) throw new AppError(MONEY_FAIL, MONEY_MSG.notFound);
    },

    addresses(userId: string, filter: { asset?: string | undefined; chain?: string | undefined }): Promise<SavedAddress[]> {
      const currency = filter.asset ? findCurrency(filter.asset) : undefined;
      const chain = filter.chain ? (currency ? findChain(currency, filter.chain).id : filter.chain.trim().toUpperCase()) : undefined;
      return listAddresses(db, userId, { asset: currency?.asset, chain });
    },

    async address(userId: string, id: string): Promise<SavedAddress> {
      const found = await findAddress(db, userId, id);
      if (!found) throw new AppError(MONEY_FAIL, MONEY_MSG.notFound);
      return found;
    },
  };
}

export type AddressBook = ReturnType<typeof createAddressBook>;
