// The layer itself (./Toaster) is not exported here: ToastLayer loads it with the first toast.
export { dismissToast, toast, type ToastOptions } from './store';
export { failureToast } from './failureToast';
export { ToastAction } from './ToastAction';
export { ToastLayer } from './ToastLayer';
