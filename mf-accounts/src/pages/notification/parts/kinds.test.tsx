import { screen } from '@testing-library/react';
import { renderWithPlatform } from '@meridian/shared/testing';
import { translations } from '../../../all-texts';
import { NS } from '../../../i18n';
import { useNotificationText } from './kinds';

const ADL = {
  kind: 'perp.adl',
  params: { symbol: 'BTCUSDT', quantity: '0.08001', price: '45000.9' },
  title: 'Position auto-deleveraged',
  body: 'server text',
};

function Shown() {
  const text = useNotificationText()(ADL);
  return <p data-testid="text">{`${text.title} | ${text.body}`}</p>;
}

it('an ADL notification reads in the user’s language with its symbol, quantity and bankruptcy price', async () => {
  renderWithPlatform(<Shown />, { language: 'ge', translations: { namespace: NS, texts: translations } });
  expect(await screen.findByTestId('text')).toHaveTextContent(
    'Position automatisch reduziert | 0.08001 BTCUSDT Ihrer Position wurden durch Auto-Deleveraging zu 45000.9 geschlossen',
  );
});
