import { P } from '../../../../paths';
import { FormScreen } from '../../components/FormScreen';
import { KycVerification } from '../KycVerification';

/** /pages/profile/kyc-verification/index (?type=trade when a trade was refused for missing KYC). */
export function KycPage() {
  return (
    <FormScreen title="kycTitle" back={{ href: P.profile, title: 'profileTitle' }}>
      <KycVerification />
    </FormScreen>
  );
}
