import { Link } from 'react-router-dom';
import { CoinIcon, formatBalance, orZero } from '@meridian/shared';
import type { AssetRow, WalletName } from '../../api/wallet';
import { useT } from '../../i18n';
import { useHiddenBalances } from './hidden';
import styles from './money.module.css';

/** The URL of one wallet/asset's detail and history (mobile or desktop). */
export const accountUrl = (base: string, wallet: WalletName, asset: string) => `${base}?wallet=${wallet}&asset=${encodeURIComponent(asset)}`;

/** Per-asset rows of one wallet for phones: balance, available, frozen, USDT value; each opens its history. */
export function AssetRows({ wallet, assets, detailBase }: { wallet: WalletName; assets: AssetRow[]; detailBase: string }) {
  const { t } = useT();
  const { mask } = useHiddenBalances();
  return (
    <ul className={styles.assetList} data-testid={`asset-rows-${wallet}`}>
      {assets.map((row) => (
        <li key={row.asset}>
          <Link className={styles.assetRow} to={accountUrl(detailBase, wallet, row.asset)} data-testid={`asset-row-${row.asset}`}>
            <div className={styles.assetHead}>
              <span className={styles.assetTitle}>
                <CoinIcon coin={row.asset} size={22} />
                <span className={styles.assetName}>{row.asset}</span> <span className={styles.muted}>{row.name}</span>
              </span>
              <span className={styles.num}>
                ≈ {mask(formatBalance(orZero(row.valueUsdt), 'USDT'))} <span className={styles.muted}>USDT</span>
              </span>
            </div>
            <dl className={styles.facts}>
              <div className={styles.factsGroup}>
                <dt>{t('balanceLabel')}</dt>
                <dd>{mask(formatBalance(orZero(row.balance), row.asset))}</dd>
              </div>
              <div className={styles.factsGroup}>
                <dt>{t('availableLabel')}</dt>
                <dd>{mask(formatBalance(orZero(row.available), row.asset))}</dd>
              </div>
              <div className={styles.factsGroup}>
                <dt>{t('frozenLabel')}</dt>
                <dd>{mask(formatBalance(orZero(row.frozen), row.asset))}</dd>
              </div>
            </dl>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The same rows as a dense table (desktop), with transfer and history actions. */
export function AssetTable({
  wallet,
  assets,
  detailBase,
  transferBase,
}: {
  wallet: WalletName;
  assets: AssetRow[];
  detailBase: string;
  transferBase: string;
}) {
  const { t } = useT();
  const { mask } = useHiddenBalances();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid={`asset-table-${wallet}`}>
        <thead>
          <tr>
            <th scope="col">{t('assetLabel')}</th>
            <th scope="col">{t('balanceLabel')}</th>
            <th scope="col">{t('availableLabel')}</th>
            <th scope="col">{t('frozenLabel')}</th>
            <th scope="col">{t('valueUsdtLabel')}</th>
            <th scope="col">{t('actionsLabel')}</th>
          </tr>
        </thead>
        <tbody>
          {assets.map((row) => (
            <tr key={row.asset} data-testid={`asset-row-${row.asset}`}>
              <td>
                <span className={styles.assetTitle}>
                  <CoinIcon coin={row.asset} size={20} />
                  <strong>{row.asset}</strong> <span className={styles.muted}>{row.name}</span>
                </span>
              </td>
              <td>{mask(formatBalance(orZero(row.balance), row.asset))}</td>
              <td>{mask(formatBalance(orZero(row.available), row.asset))}</td>
              <td>{mask(formatBalance(orZero(row.frozen), row.asset))}</td>
              <td>{mask(formatBalance(orZero(row.valueUsdt), 'USDT'))}</td>
              <td>
                <span className={styles.row} style={{ justifyContent: 'flex-end' }}>
                  <Link className={styles.link} to={`${transferBase}?from=${wallet}&asset=${encodeURIComponent(row.asset)}`}>
                    {t('transferTitle')}
                  </Link>
                  <Link className={styles.link} to={accountUrl(detailBase, wallet, row.asset)}>
                    {t('historyLink')}
                  </Link>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
