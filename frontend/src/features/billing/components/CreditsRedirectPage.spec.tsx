import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import CreditsRedirectPage from './CreditsRedirectPage';

it('says it is redirecting while it navigates to /billing', async () => {
  const router = createMemoryRouter(
    [
      { path: '/credits', element: <CreditsRedirectPage /> },
      // A loader that never settles holds the navigation, so the redirect message stays on screen.
      { path: '/billing', loader: () => new Promise(() => {}), element: <p>Billing</p> },
    ],
    { initialEntries: ['/credits'] },
  );

  render(<RouterProvider router={router} />);

  expect(screen.getByText('Redirecting to billing page...')).toBeInTheDocument();
  await waitFor(() => expect(router.state.navigation.location?.pathname).toBe('/billing'));
});
