export { toast, showToast, dismissToast, toastsAtom, TOAST_DURATION_MS, MAX_TOASTS, type ToastItem, type ToastKind, type ToastOptions } from './toast';
export { Toaster } from './Toaster';
