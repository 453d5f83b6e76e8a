import { P } from '../../../paths';
import { TransferRecordsScreen } from '../../transfer/records/RecordsPage';

/** /pages/assets/transfer-records */
export function AssetsTransferRecordsPage() {
  return <TransferRecordsScreen transfer={P.assetsTransfer} />;
}
