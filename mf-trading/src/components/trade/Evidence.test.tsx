import { screen } from '@testing-library/react';
import { renderWithPlatform } from '@meridian/shared/testing';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { FillEvidence } from './Evidence';

/*
 * A market order that walked the book filled at the levels' average, which is none of the tick's prices: the
 * evidence lists the levels it took, so the price on screen can be checked by hand.
 */

const TICK = { symbol: 'BTCUSDT', feedTime: '2026-01-01T00:00:00.000Z', bid: '49999', ask: '50000', last: '50000', source: 'simulated', sideUsed: 'ask' };

function show(levels: [string, string][], language = 'en') {
  renderWithPlatform(<FillEvidence price="50000.86" evidence={{ ...TICK, levels }} receiptHash={'f'.repeat(64)} priceDecimals={2} />, {
    language,
    translations: { namespace: NS, texts: translations },
  });
}

it('lists the book levels a walked fill took, with the tick it was based on', async () => {
  show([
    ['50000', '0.04'],
    ['50002', '0.03'],
  ]);
  expect(await screen.findByTestId('fill-levels')).toHaveTextContent('Average price of 2 book levels: 0.04 @ 50,000.00, 0.03 @ 50,002.00');
  expect(screen.getByTestId('fill-evidence')).toHaveTextContent('Filled at 50,000.86 — BTCUSDT ask');
});

it('says nothing more for a fill at one level (limit, trigger, a small market order)', async () => {
  show([['50000', '0.01']]);
  expect(await screen.findByTestId('fill-evidence')).toHaveTextContent('Filled at 50,000.86');
  expect(screen.queryByTestId('fill-levels')).toBeNull();
});

it('names bid and ask unambiguously in Japanese (ビッド / アスク)', async () => {
  show([], 'jp');
  expect(await screen.findByTestId('fill-evidence')).toHaveTextContent('ビッド 49,999.00 · アスク 50,000.00');
});

it('keeps every recorded digit of a walked fill’s average price (evidence is exact, only grouped)', async () => {
  renderWithPlatform(<FillEvidence price="50000.857142" evidence={{ ...TICK, levels: [] }} receiptHash={'f'.repeat(64)} priceDecimals={2} />, {
    translations: { namespace: NS, texts: translations },
  });
  expect(await screen.findByTestId('fill-evidence')).toHaveTextContent('Filled at 50,000.857142 — BTCUSDT ask');
});

it('an auto-deleveraging fill says why: the bankrupt position, its bankruptcy price and the mark then', async () => {
  renderWithPlatform(
    <FillEvidence
      price="45000.9"
      evidence={{ ...TICK, last: '40000', sideUsed: 'last', levels: [], reason: 'adl', bankruptcyPrice: '45000.9', liquidatedPositionId: '17', markPrice: '40000' }}
      receiptHash={'f'.repeat(64)}
      priceDecimals={2}
    />,
    { language: 'en', translations: { namespace: NS, texts: translations } },
  );
  expect(await screen.findByTestId('fill-adl')).toHaveTextContent(
    'Auto-deleveraged at the bankruptcy price 45,000.90 of liquidated position 17 (mark 40,000.00): the insurance fund could not cover it.',
  );
});
