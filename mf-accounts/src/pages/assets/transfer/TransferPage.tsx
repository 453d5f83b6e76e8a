import { P } from '../../../paths';
import { TransferScreen } from '../../transfer/index/IndexPage';

/** /pages/assets/transfer: the transfer screen, whose records are /pages/assets/transfer-records. */
export function AssetsTransferPage() {
  return <TransferScreen records={P.assetsTransferRecords} />;
}
