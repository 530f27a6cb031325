import { lazy, Suspense, useState } from 'react';
import { useToasts } from './store';

const Toaster = lazy(() => import('./Toaster').then((module) => ({ default: module.Toaster })));

/**
 * The app's toast layer, loaded with the first toast: no screen's first paint waits for it. A toast
 * raised before it is loaded waits in the store and shows (its time starting then) once it is.
 */
export function ToastLayer() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
