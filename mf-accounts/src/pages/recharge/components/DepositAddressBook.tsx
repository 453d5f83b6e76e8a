import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'jotai';
import { depositAddresses, type DataOf } from '@meridian/contracts';
import { Button, Dialog, EmptyState, ErrorState, Field, Spinner, formatScreenTime, showToast, useApiMutation, useApiQuery } from '@meridian/shared';
import { useCoins, type Stale } from '../../../api/queries';
import { useT } from '../../../i18n';
import { SelectField } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';
import own from './deposit.module.css';
import { DepositReports } from './DepositReports';

type Saved = DataOf<typeof depositAddresses.addresses>[number];
const STALE: Stale[] = ['DEPOSIT_ADDRESSES'];

/**
 * The user's deposit addresses of one coin and network (userrechange/*): the main one (made on first look, never
 * removed) and further labelled ones; a label can be changed, a further address removed after a confirmation that
 * says deposits sent to it are still credited. Below: reporting a deposit that has not arrived, and the reports.
 */
export function DepositAddressBook() {
  const { t } = useT();
  const store = useStore();
  const [params, setParams] = useSearchParams();
  const coins = useCoins();
  const list = useMemo(() => coins.data ?? [], [coins.data]);
  const asset = list.some((c) => c.asset === params.get('asset')) ? params.get('asset')! : (list[0]?.asset ?? '');
  const coin = list.find((c) => c.asset === asset);
  const chains = coin?.chains ?? [];
  const chain = chains.some((c) => c.id === params.get('chain')) ? params.get('chain')! : (chains[0]?.id ?? '');
  const addresses = useApiQuery(depositAddresses.addresses, { asset, chain }, { enabled: Boolean(asset && chain) });
  const create = useApiMutation(depositAddresses.createAddress, { invalidates: STALE });
  const [label, setLabel] = useState('');
  const [removing, setRemoving] = useState<Saved | null>(null);

  const pick = (next: { asset?: string; chain?: string }) => {
    const search = new URLSearchParams(params);
    if (next.asset !== undefined) {
      search.set('asset', next.asset);
      search.delete('chain');
    }
    if (next.chain !== undefined) search.set('chain', next.chain);
    setParams(search, { replace: true });
  };

  const add = async () => {
    const done = await create.run({ asset, chain, label: label.trim() });
    if (!done) return;
    setLabel('');
    showToast(store, t('depositAddressAdded'), 'success');
  };

  if (coins.isLoading) return <Spinner label={t('depositLoading')} />;
  if (coins.isError || !coin) return <ErrorState title={t('depositLoadFailed')} onRetry={() => void coins.refetch()} />;
  const items = addresses.data ?? [];

  return (
    <div className={styles.stack} data-testid="deposit-address-book">
      <p className={styles.muted}>{t('depositAddressesIntro')}</p>
      <SelectField label={t('coinLabel')} value={asset} testId="book-coin" options={list.map((c) => ({ value: c.asset, label: `${c.asset} · ${c.name}` }))} onChange={(value) => pick({ asset: value })} />
      <div>
        <p className={styles.selectLabel} id="book-chain-label">{t('chainLabel')}</p>
        <div className={styles.tabs} role="tablist" aria-labelledby="book-chain-label">
          {chains.map((c) => (
            <button key={c.id} type="button" role="tab" className={styles.tab} aria-selected={c.id === chain} onClick={() => pick({ chain: c.id })}>{c.name}</button>
          ))}
        </div>
      </div>
      {addresses.isLoading ? (
        <Spinner label={t('depositLoading')} />
      ) : addresses.isError ? (
        <ErrorState title={t('depositAddressesFailed')} onRetry={() => void addresses.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('depositAddressesEmpty')} />
      ) : (
        <ul className={styles.records} data-testid="book-addresses">
          {items.map((a) => <AddressRow key={a.id} address={a} onRemove={() => setRemoving(a)} />)}
        </ul>
      )}
      <form className={styles.row} onSubmit={(e) => { e.preventDefault(); void add(); }} data-testid="book-add">
        <Field label={t('depositAddressLabelField')} value={label} maxLength={32} onChange={(e) => setLabel(e.target.value)} data-testid="book-add-label" />
        <Button type="submit" disabled={create.busy || !chain} data-testid="book-add-submit">{t('depositAddressAdd')}</Button>
      </form>
      {removing ? <RemoveDialog address={removing} onClose={() => setRemoving(null)} /> : null}
      <DepositReports asset={asset} chain={chain} chainName={chains.find((c) => c.id === chain)?.name ?? chain} scale={coin.scale} />
    </div>
  );
}

function AddressRow({ address, onRemove }: { address: Saved; onRemove: () => void }) {
  const { t } = useT();
  const store = useStore();
  const [editing, setEditing] = useState<string | null>(null);
  const update = useApiMutation(depositAddresses.updateAddress, { invalidates: STALE });
  const save = async () => {
    if (editing === null) return;
    const done = await update.run({ id: address.id, label: editing.trim() });
    if (!done) return;
    setEditing(null);
    showToast(store, t('depositAddressRenamed'), 'success');
  };
  return (
    <li className={styles.record} data-testid="book-address">
      <div className={styles.recordHead}>
        <span>{address.label || t('depositAddressNoLabel')}</span>
        {address.primary ? <span className={styles.badge}>{t('depositAddressPrimary')}</span> : null}
      </div>
      <span className={own.mono}>{address.address}</span>
      <span className={styles.muted}>{`${address.chainName} · ${formatScreenTime(address.createdAt, 'utc', { zoneLabel: true })}`}</span>
      {editing !== null ? (
        <form className={styles.row} onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <Field label={t('depositAddressLabelField')} value={editing} maxLength={32} onChange={(e) => setEditing(e.target.value)} data-testid="book-label-input" />
          <Button type="submit" disabled={update.busy} data-testid="book-label-save">{t('saveButton')}</Button>
          <Button type="button" variant="secondary" onClick={() => setEditing(null)}>{t('cancelButton')}</Button>
        </form>
      ) : (
        <div className={styles.row}>
          <button type="button" className={styles.chip} onClick={() => setEditing(address.label)} data-testid="book-rename">{t('depositAddressRename')}</button>
          {address.primary ? null : <button type="button" className={styles.chip} onClick={onRemove} data-testid="book-remove">{t('depositAddressRemove')}</button>}
        </div>
      )}
    </li>
  );
}

function RemoveDialog({ address, onClose }: { address: Saved; onClose: () => void }) {
  const { t } = useT();
  const store = useStore();
  const remove = useApiMutation(depositAddresses.deleteAddress, { invalidates: STALE });
  const confirm = async () => {
    const done = await remove.run({ id: address.id });
    if (!done) return;
    onClose();
    showToast(store, t('depositAddressRemoved'), 'success');
  };
  return (
    <Dialog title={t('depositAddressRemoveTitle')} testId="book-remove-dialog" onDismiss={onClose}
      actions={<><Button type="button" variant="secondary" onClick={onClose}>{t('cancelButton')}</Button><Button type="button" data-primary disabled={remove.busy} onClick={() => void confirm()} data-testid="book-remove-confirm">{t('depositAddressRemove')}</Button></>}>
      <p>{t('depositAddressRemoveBody', { address: address.address })}</p>
    </Dialog>
  );
}
