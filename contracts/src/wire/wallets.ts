/** A user's five wallets (spec: account types 1–5), in the order the screens list them. */
export const WALLETS = ['platform', 'spot', 'contract', 'wealth', 'option'] as const;
export type WalletName = (typeof WALLETS)[number];
/** The spec's numbers for the wallets (`accountType` on the wire). */
export const WALLET_TYPE: Readonly<Record<WalletName, number>> = { platform: 1, spot: 2, contract: 3, wealth: 4, option: 5 };

export const isWalletName = (value: unknown): value is WalletName => typeof value === 'string' && (WALLETS as readonly string[]).includes(value);
