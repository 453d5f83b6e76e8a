import type { LoanProduct } from '../../../api/loan';
import { applyForm } from './apply-form';

const product = { id: 'p1', name: 'Short', asset: 'USDT', minAmount: '50', maxAmount: '5000', dailyRate: '0.001', lateDailyRate: '0.002', termDays: 30 } as unknown as LoanProduct;
const context = (photoCount: number) => ({ products: [product], photoCount, minPhotos: 3 });

describe('the loan application as a createForm unit (applyForm)', () => {
  it('the amount: the shared rules, the spec’s minimum of 20, then the product’s limits; the photos as the form’s own rule', () => {
    const values = { productId: 'p1', amount: '' };
    expect(applyForm.errors(values, context(0))).toEqual({ amount: 'required', form: 'loanPhotosRequired' });
    expect(applyForm.errors({ ...values, amount: '10' }, context(3))).toEqual({ amount: 'minAmount' });
    expect(applyForm.errors({ ...values, amount: '30' }, context(3))).toEqual({ amount: 'loanBelowProductMin' });
    expect(applyForm.errors({ ...values, amount: '5001' }, context(3))).toEqual({ amount: 'loanAboveProductMax' });
    expect(applyForm.errors({ ...values, amount: '100.123456789' }, context(3))).toEqual({ amount: 'tooManyDecimals' });
    expect(applyForm.valid({ ...values, amount: '100' }, context(3))).toBe(true);
  });

  it('sums up the frozen terms once the amount is valid: interest over the term and the total', () => {
    const summary = applyForm.summary({ productId: 'gone', amount: '100' }, context(3));
    expect([summary.product.id, summary.amount?.toFixed(), summary.interest?.toFixed(), summary.total?.toFixed()]).toEqual(['p1', '100', '3', '103']);
    expect(applyForm.summary({ productId: 'p1', amount: '30' }, context(3)).total).toBeNull();
  });
});
