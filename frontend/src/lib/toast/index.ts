export { dismissToast, toast, type ToastOptions } from './store';
export { ToastAction, Toaster } from './Toaster';
