import { lazy, Suspense, type ComponentProps } from 'react';
import type { ReceiptSheet as Sheet } from './ReceiptSheet';

// the receipt (its figures, the server's estimate, the order type's facts) is needed only once the user sends an
// order: it loads then, not with the trade screen (the route's JavaScript budget)
const Loaded = lazy(() => import('./ReceiptSheet').then((module) => ({ default: module.ReceiptSheet })));

/** The pre-trade receipt sheet, loaded when first shown. */
export function LazyReceiptSheet(props: ComponentProps<typeof Sheet>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
