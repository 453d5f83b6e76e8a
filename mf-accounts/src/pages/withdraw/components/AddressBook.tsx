import * as contracts from '@meridian/contracts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { queryOf, Button, Dialog, PullToRefresh, refreshProps, useApiAction, formatScreenTime } from '@meridian/shared';
import { deleteAddress, type SavedAddress } from '../../../api/withdraw';
import { useAddresses } from '../../../api/queries';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import styles from '../../../components/money/money.module.css';
import own from '../../recharge/components/deposit.module.css';

/**
 * The saved withdrawal addresses (of one coin and chain when the query names them). In pick mode a tap returns
 * to the withdrawal form with that address; otherwise each can be deleted after a confirmation.
 */
export function AddressBook({ pick = false, withdraw = P.withdraw, createAddress = P.createAddress }: { pick?: boolean; withdraw?: string; createAddress?: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asset = params.get('asset') ?? undefined;
  const chain = params.get('chain') ?? undefined;
  const filter = { ...(asset ? { asset } : {}), ...(chain ? { chain } : {}) };
  const loaded = useAddresses(filter);
  const client = useQueryClient();
  const [removing, setRemoving] = useState<SavedAddress | null>(null);
  const { busy, run } = useApiAction();
  const items = loaded.data ?? [];
  const query = new URLSearchParams(filter).toString();

  const choose = (address: SavedAddress) => {
    navigate(`${withdraw}?${new URLSearchParams({ asset: address.asset, chain: address.chain, addressId: address.id }).toString()}`);
  };

  const remove = async () => {
    if (!removing) return;
    const answer = await run(() => deleteAddress(removing.id));
    if (!answer) return;
    setRemoving(null);
    // gone from this list at once; the other lists of saved addresses (the withdrawal form's) refetch when shown
    client.setQueryData<SavedAddress[]>(queryOf(contracts.withdrawals.addresses, filter).queryKey, items.filter((a) => a.id !== removing.id));
    void client.invalidateQueries({ queryKey: [contracts.withdrawals.addresses.path], refetchType: 'none' });
  };

  return (
    <div className={styles.stack}>
      <PullToRefresh
        label={t('withdrawAddressListTitle')}
        {...refreshProps(loaded)}
        errorTitle={t('addressesFailed')}
        empty={loaded.isSuccess && items.length === 0}
        emptyTitle={t('addressesEmpty')}
      >
        <ul className={styles.records} data-testid="address-list">
          {items.map((address) => (
            <li key={address.id} className={styles.record} data-testid="address-item">
              <div className={styles.recordHead}>
                <span>{address.alias || `${address.asset} · ${address.chain}`}</span>
                <span className={styles.muted}>
                  {address.asset} · {address.chain}
                </span>
              </div>
              <span className={own.mono}>{address.address}</span>
              <span className={styles.muted}>{formatScreenTime(address.createdAt, 'utc', { zoneLabel: true })}</span>
              <div className={styles.row}>
                {pick ? (
                  <button type="button" className={styles.chip} onClick={() => choose(address)}>
                    {t('useAddressButton')}
                  </button>
                ) : null}
                <button type="button" className={styles.chip} onClick={() => setRemoving(address)}>
                  {t('deleteButton')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </PullToRefresh>
      <Link className={styles.link} to={query ? `${createAddress}?${query}` : createAddress}>
        {t('addAddressLink')}
      </Link>
      {removing ? (
        <Dialog
          title={t('deleteAddressTitle')}
          testId="delete-address"
          onDismiss={() => setRemoving(null)}
          actions={
            <>
              <Button type="button" variant="secondary" onClick={() => setRemoving(null)}>
                {t('cancelButton')}
              </Button>
              <Button type="button" data-primary disabled={busy} onClick={() => void remove()}>
                {t('deleteButton')}
              </Button>
            </>
          }
        >
          <p>{t('deleteAddressBody', { address: removing.address })}</p>
        </Dialog>
      ) : null}
    </div>
  );
}
