import { P } from '../../../../paths';
import { FormScreen } from '../../components/FormScreen';
import { FundPasswordForm } from '../../components/FundPasswordForm';

/** /pages/profile/security-center/payment-password: set the fund password, or change it. */
export function PaymentPasswordPage() {
  return (
    <FormScreen title="paymentPasswordTitle" back={{ href: P.securityCenter, title: 'securityCenterTitle' }}>
      <FundPasswordForm forgotHref={P.forgotFundPassword} />
    </FormScreen>
  );
}
