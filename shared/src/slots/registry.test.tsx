import { act, render, screen } from '@testing-library/react';
import { getSlot, setSlotContributions, useSlot } from './registry';

const link = (id: string, order: number) => ({ id, href: `/pages/${id}/index`, label: `${id}Label`, order });

afterEach(() => {
  setSlotContributions('mf_a', undefined);
  setSlotContributions('mf_b', undefined);
});

describe('slot registry', () => {
  it('merges every remote’s contributions to a slot in their declared order, tagged with the remote', () => {
    setSlotContributions('mf_b', { 'home.entries': [link('loan', 30)], 'nav.top': [link('assets', 90)] });
    setSlotContributions('mf_a', { 'home.entries': [link('spot', 10), link('c2c', 40)] });
    expect(getSlot('home.entries').map((entry) => [entry.remote, entry.id])).toEqual([
      ['mf_a', 'spot'],
      ['mf_b', 'loan'],
      ['mf_a', 'c2c'],
    ]);
    expect(getSlot('nav.top').map((entry) => entry.id)).toEqual(['assets']);
  });

  it('a remote set again replaces what it brought before; one set to nothing contributes nothing', () => {
    setSlotContributions('mf_a', { 'nav.top': [link('old', 1)] });
    setSlotContributions('mf_a', { 'nav.top': [link('new', 1)] });
    expect(getSlot('nav.top').map((entry) => entry.id)).toEqual(['new']);
    setSlotContributions('mf_a', undefined);
    expect(getSlot('nav.top')).toEqual([]);
  });

  it('useSlot re-renders its consumer when a remote’s contributions arrive', () => {
    function Tiles() {
      return <ul>{useSlot('home.entries').map((entry) => <li key={entry.id}>{entry.id}</li>)}</ul>;
    }
    render(<Tiles />);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    act(() => setSlotContributions('mf_a', { 'home.entries': [link('stocks', 5)] }));
    expect(screen.getByRole('listitem')).toHaveTextContent('stocks');
  });
});
