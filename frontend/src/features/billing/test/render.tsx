import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../lib/queryClient';
import BillingPage from '../components/BillingPage';
import BuyCreditsPage from '../components/BuyCreditsPage';

/**
 * Renders the billing screens at `path` with the app's providers (query client, theme, toasts) but
 * without the lazy routes and the shell: imported up front, the page renders at once, and the
 * Suspense reveal (a 300 ms timer) stays out of tests that fake timers.
 */
export function renderBillingPage(path = '/billing') {
  const router = createMemoryRouter(
    [
      { path: '/billing', element: <BillingPage /> },
      { path: '/credits/buy', element: <BuyCreditsPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
