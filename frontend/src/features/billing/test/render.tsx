import { renderScreen } from '../../../test/utils';
import BillingPage from '../components/BillingPage';
import BuyCreditsPage from '../components/BuyCreditsPage';

/**
 * Renders the billing screens at `path` with the app's providers (query client, theme, toasts) but
 * without the lazy routes and the shell: imported up front, the page renders at once, and the
 * Suspense reveal (a 300 ms timer) stays out of tests that fake timers.
 */
export function renderBillingPage(path = '/billing') {
  return renderScreen(<BillingPage />, { path, route: '/billing', routes: [{ path: '/credits/buy', element: <BuyCreditsPage /> }] }).router;
}
