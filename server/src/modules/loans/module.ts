import { defineModule } from '../../platform-kit/define-module.js';
import { LOAN_COMMANDS } from '../../ops/loans.js';
import { seedLoanProducts } from './products.js';
import { loanRoutes } from './routes.js';

/** Loan products (seeded once), applications, repayments, and the operators' review and product commands. */
export const loansModule = defineModule({
  name: 'loans',
  seed: ({ db, clock }) => seedLoanProducts(db, clock()),
  routes: () => ({ '/asset/api': loanRoutes }),
  opsCommands: LOAN_COMMANDS,
});
