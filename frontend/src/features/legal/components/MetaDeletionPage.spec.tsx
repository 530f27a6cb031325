import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../lib/queryClient';
import { mockApi } from '../../../test/utils';
import MetaDeletionPage from './MetaDeletionPage';

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/meta-deletion', element: <MetaDeletionPage /> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('/meta-deletion with a confirmation code', () => {
  it("shows the request's status", async () => {
    mockApi({
      'GET /api/meta/data-deletion/ABC123DEF4567890': {
        body: { confirmation_code: 'ABC123DEF4567890', status: 'completed', requested_at: '2026-11-20T10:00:00.000Z', completed_at: '2026-11-20T10:00:01.000Z' },
      },
    });
    renderAt('/meta-deletion?code=ABC123DEF4567890');
    expect(await screen.findByRole('heading', { name: 'Deletion request ABC123DEF4567890' })).toBeInTheDocument();
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(screen.getByText(/push history of this Meta user were deleted/)).toBeInTheDocument();
  });

  it('says when no request has that code, and shows no status card without a code', async () => {
    mockApi({ 'GET /api/meta/data-deletion/NOPE00000000': { status: 404, body: { statusCode: 404, message: 'Deletion request not found', error: 'Not Found' } } });
    renderAt('/meta-deletion?code=NOPE00000000');
    expect(await screen.findByText('No deletion request has this confirmation code.')).toBeInTheDocument();
  });
});
