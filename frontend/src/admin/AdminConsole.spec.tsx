import { ADMIN_MESSAGES } from '@brandloom/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../lib/queryClient';
import { makeOrganization, makeUser } from '../test/utils';
import AdminConsole from './AdminConsole';

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A fetch stub keyed by `METHOD /path` (query strings vary with react-admin's sort/range/filter). */
function stubApi(handlers: Record<string, (call: Call) => { status?: number; body: unknown; headers?: Record<string, string> }>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url, window.location.origin);
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const call = { method, path: url.pathname, query: url.searchParams, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const handler = handlers[`${method} ${url.pathname}`];
      const reply = handler ? handler(call) : { status: 599, body: { message: `Unexpected ${method} ${url.pathname}` } };
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json', ...reply.headers } });
    }),
  );
  return calls;
}

function renderConsole() {
  const router = createMemoryRouter([{ path: '/admin/*', element: <AdminConsole /> }], { initialEntries: ['/admin'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const admin = makeUser({ id: 'admin-1', is_admin: true, email: 'root@example.com' });
const sam = { id: 'u-2', username: 'Sam', email: 'sam@example.com', avatar_url: null, is_admin: false, created_at: '2026-11-01T00:00:00.000Z', organization_id: 'o-2', organization_name: 'Sam Co' };
const org = { id: 'o-2', name: 'Sam Co', plan_tier: 'Starter', credits: 25, members: 1, created_at: '2026-11-01T00:00:00.000Z' };
const dashboard = { users: 12, organizations: 9, generations: 40, assets: 77, recentActivity: [{ id: 'g1', prompt: 'A poster', created_at: '2026-11-20T10:00:00.000Z', status: 'completed' }] };

describe('/admin', () => {
  it('shows members the not-found page and fetches no admin data', async () => {
    const calls = stubApi({ 'GET /api/auth/user': () => ({ body: makeUser({ is_admin: false }) }), 'GET /api/organization': () => ({ body: makeOrganization() }) });
    renderConsole();
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/admin'))).toEqual([]);
  });

  it("shows administrators the badge, the counts and the users, and toggles a user's admin status", async () => {
    let users = [sam];
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: admin }),
      'GET /api/organization': () => ({ body: makeOrganization() }),
      'GET /api/admin/dashboard': () => ({ body: dashboard }),
      'GET /api/admin/users': () => ({ body: users, headers: { 'Content-Range': `users 0-${users.length - 1}/${users.length}` } }),
      'PUT /api/admin/users/u-2/admin': (call) => {
        users = [{ ...sam, is_admin: (call.body as { is_admin: boolean }).is_admin }];
        return { body: users[0] };
      },
    });
    renderConsole();
    expect(await screen.findByText('Administrator')).toBeInTheDocument();
    expect(await screen.findByText('77')).toBeInTheDocument();
    const row = (await screen.findByText('sam@example.com')).closest('tr')!;
    const request = calls.find((c) => c.path === '/api/admin/users')!;
    expect(JSON.parse(request.query.get('sort')!)).toEqual(['created_at', 'DESC']);
    expect(JSON.parse(request.query.get('range')!)).toEqual([0, 24]);

    await userEvent.click(within(row).getByRole('switch', { name: 'Administrator: sam@example.com' }));
    expect(await screen.findByText(ADMIN_MESSAGES.userAdminUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ is_admin: true });
  });

  it("grants credits from the Organizations tab, asking for an amount and a reason, and says when it fails", async () => {
    let fail = false;
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: admin }),
      'GET /api/organization': () => ({ body: makeOrganization() }),
      'GET /api/admin/dashboard': () => ({ body: dashboard }),
      'GET /api/admin/users': () => ({ body: [], headers: { 'Content-Range': 'users 0-0/0' } }),
      'GET /api/admin/organizations': () => ({ body: [org], headers: { 'Content-Range': 'organizations 0-0/1' } }),
      'POST /api/admin/organizations/o-2/credits': () =>
        fail ? { status: 400, body: { statusCode: 400, message: ADMIN_MESSAGES.belowZero(25), error: 'Bad Request' } } : { body: { message: ADMIN_MESSAGES.creditsGranted, balance: 75, transaction: {} } },
    });
    renderConsole();
    await userEvent.click(await screen.findByRole('tab', { name: 'Organizations' }));
    const row = (await screen.findByText('Sam Co')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Grant credits' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Grant credits to Sam Co' }));
    expect(dialog.getByRole('button', { name: 'Grant' })).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Amount'), '50');
    await userEvent.type(dialog.getByLabelText('Reason'), 'Launch partner');
    await userEvent.click(dialog.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText(ADMIN_MESSAGES.creditsGranted)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ credits: 50, reason: 'Launch partner' });

    fail = true;
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const refreshed = (await screen.findByText('Sam Co')).closest('tr')!;
    await userEvent.click(within(refreshed).getByRole('button', { name: 'Grant credits' }));
    const again = within(await screen.findByRole('dialog', { name: 'Grant credits to Sam Co' }));
    await userEvent.type(again.getByLabelText('Amount'), '-500');
    await userEvent.type(again.getByLabelText('Reason'), 'Oops');
    await userEvent.click(again.getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(screen.getByText(`${ADMIN_MESSAGES.creditsFailed}: ${ADMIN_MESSAGES.belowZero(25)}`)).toBeInTheDocument());
  });
});
