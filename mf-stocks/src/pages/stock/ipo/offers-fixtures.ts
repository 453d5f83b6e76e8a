// Tests only: wire answers of the IPO and block-trade calls.
const HASH = 'a3f1c2'.padEnd(64, '0');
const SEED = '5eed'.padEnd(64, '7');

export const IPO_OPEN = {
  id: '11', symbol: 'AAPL:NASDAQ', name: 'Apple', currency: 'USD', issuePrice: '10', peRatio: '28.5', sharesOffered: '10', lotSize: 2,
  subscribeFrom: '2026-03-02T15:00:00.000Z', subscribeUntil: '2026-03-02T16:00:00.000Z', allocateAt: '2026-03-02T17:00:00.000Z', listAt: '2026-03-02T18:00:00.000Z',
  phase: 'open', seedHash: HASH, seed: null, allocatedAt: null, totals: null, rate: { rate: '1.5', version: 3 }, lotCostUsdt: '30',
};
export const IPO_DRAWN = { ...IPO_OPEN, id: '12', symbol: 'MSFT:NASDAQ', name: 'Microsoft', phase: 'allocated', seed: SEED, allocatedAt: '2026-03-02T17:00:00.000Z',
  totals: { subscribers: 3, lotsOffered: 5, lotsRequested: 9, lotsDrawn: 5 } };

export const SUB_DRAWN = {
  id: '40', ipoId: '12', symbol: 'MSFT:NASDAQ', name: 'Microsoft', currency: 'USD', lots: 4, shares: '8', price: '10', rate: '1.5', rateVersion: 3, amount: '120',
  status: 'completed', reason: '', createdAt: '2026-03-02T15:10:00.000Z', reviewedAt: '2026-03-02T15:20:00.000Z', processingAt: '2026-03-02T16:00:00.000Z',
  completedAt: '2026-03-02T17:00:00.000Z', canceledAt: null, seedHash: HASH, seed: SEED, draw: 'd7'.padEnd(64, '1'), place: 2, lotsWon: 2, sharesWon: '4',
  cost: '60', refunded: '60', totals: IPO_DRAWN.totals, listAt: '2026-03-02T18:00:00.000Z', deliveredAt: null, cancellable: false,
  receipts: [
    { step: 'subscribe', hash: 'b1'.padEnd(64, '2'), at: '2026-03-02T15:10:00.000Z' },
    { step: 'allot', hash: 'c3'.padEnd(64, '4'), at: '2026-03-02T17:00:00.000Z' },
  ],
};
export const SUB_PENDING = { ...SUB_DRAWN, id: '41', ipoId: '11', symbol: 'AAPL:NASDAQ', name: 'Apple', status: 'pendingReview', lots: 1, shares: '2', amount: '30',
  reviewedAt: null, processingAt: null, completedAt: null, seed: null, draw: null, place: null, lotsWon: null, sharesWon: null, cost: null, refunded: null, totals: null,
  cancellable: true, receipts: [{ step: 'subscribe', hash: 'e5'.padEnd(64, '6'), at: '2026-03-02T15:12:00.000Z' }] };
export const SUB_CANCELED = { ...SUB_PENDING, status: 'canceled', reason: 'userCanceled', canceledAt: '2026-03-02T15:30:00.000Z', cancellable: false,
  receipts: [...SUB_PENDING.receipts, { step: 'release', hash: 'f7'.padEnd(64, '8'), at: '2026-03-02T15:30:00.000Z' }] };

export const OFFER_OPEN = {
  id: '5', symbol: 'NVDA:NASDAQ', name: 'Nvidia', currency: 'USD', price: '150.25', minQuantity: '10', maxQuantity: '100',
  opensAt: '2026-03-02T15:00:00.000Z', closesAt: '2099-03-02T16:00:00.000Z', open: true, rate: { rate: '1', version: 1 },
};
export const BLOCK_APPROVED = {
  id: '70', offerId: '5', symbol: 'NVDA:NASDAQ', name: 'Nvidia', currency: 'USD', quantity: '20', price: '150.25', rate: '1', rateVersion: 1, amount: '3005',
  status: 'approved', reason: '', createdAt: '2026-03-02T15:05:00.000Z', approvedAt: '2026-03-02T15:30:00.000Z', rejectedAt: null, completedAt: null, expiredAt: null,
  closesAt: '2099-03-02T16:00:00.000Z',
  receipts: [
    { step: 'subscribe', hash: 'a9'.padEnd(64, '1'), at: '2026-03-02T15:05:00.000Z' },
    { step: 'approve', hash: 'ab'.padEnd(64, '3'), at: '2026-03-02T15:30:00.000Z' },
  ],
};
export const BLOCK_REJECTED = { ...BLOCK_APPROVED, id: '71', status: 'rejected', reason: 'allocation full', approvedAt: null, rejectedAt: '2026-03-02T15:40:00.000Z' };
