import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '../testing';
import { confirmDemoInvest, DemoInvestConfirmation } from './DemoInvestGuard';
import { switchMode } from './actions';
import { userConfirmInvestDemoAtom } from './atoms';

describe('demo investment confirmation', () => {
  it('lets a real account invest without asking', async () => {
    const { store } = renderWithPlatform(<DemoInvestConfirmation />);
    await expect(confirmDemoInvest(store)).resolves.toBe(true);
    expect(screen.queryByTestId('demo-confirm')).toBeNull();
  });

  it('asks once in demo mode, says it is a trial, and remembers the confirmation', async () => {
    const { store } = renderWithPlatform(<DemoInvestConfirmation />);
    act(() => switchMode(store, 'demo'));
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmDemoInvest(store);
    });
    expect(await screen.findByRole('dialog', { name: 'Trial version' })).toHaveTextContent('virtual funds');
    await userEvent.click(screen.getByRole('button', { name: 'Continue in demo' }));
    await expect(answer).resolves.toBe(true);
    expect(store.get(userConfirmInvestDemoAtom)).toBe(true);
    expect(screen.queryByTestId('demo-confirm')).toBeNull();
    await expect(confirmDemoInvest(store)).resolves.toBe(true);
    expect(screen.queryByTestId('demo-confirm')).toBeNull();
  });

  it('refuses when the user cancels or presses Escape, and asks again next time', async () => {
    const { store } = renderWithPlatform(<DemoInvestConfirmation />);
    act(() => switchMode(store, 'demo'));
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmDemoInvest(store);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
    expect(store.get(userConfirmInvestDemoAtom)).toBe(false);

    act(() => {
      answer = confirmDemoInvest(store);
    });
    await screen.findByTestId('demo-confirm');
    await userEvent.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });

  it('asks again after switching back to real and into demo', async () => {
    const { store } = renderWithPlatform(<DemoInvestConfirmation />);
    act(() => {
      switchMode(store, 'demo');
      store.set(userConfirmInvestDemoAtom, true);
      switchMode(store, 'real');
      switchMode(store, 'demo');
    });
    expect(store.get(userConfirmInvestDemoAtom)).toBe(false);
  });
});
