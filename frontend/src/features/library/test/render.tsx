import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../lib/queryClient';
import LibraryPage from '../components/LibraryPage';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * The library page with the app's providers (query client, theme, toasts), imported up front
 * rather than through the lazy route, and stand-ins for the pages it links to.
 */
export function renderLibrary(initialEntry = '/library') {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/library', element: <LibraryPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [initialEntry] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}
