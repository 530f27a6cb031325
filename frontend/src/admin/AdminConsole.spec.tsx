import { ADMIN_MESSAGES } from '@brandloom/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeOrganization, makeUser } from '../test/utils';
import { renderConsole, stubApi, type ApiReply } from './testing';

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
    // The console's message is the app's toast, not react-admin's Snackbar.
    expect((await screen.findByText(ADMIN_MESSAGES.userAdminUpdated)).closest('li')).toHaveAttribute('role', 'status');
    expect(document.querySelector('.MuiSnackbar-root')).toBeNull();
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

  it('draws the last 30 days, lists the latest posts with View All N Posts, and maps activity statuses to completed, processing or failed', async () => {
    const long = 'A very long prompt that keeps going well past the sixty character limit of the tab';
    const days = Array.from({ length: 30 }, (_, i) => ({
      day: new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10),
      signups: i === 29 ? 3 : 0,
      generations_completed: 2,
      generations_failed: i % 10 === 0 ? 1 : 0,
      credits_granted: i === 0 ? 500 : 0,
      credits_used: 4,
      purchases: 0,
    }));
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: admin }),
      'GET /api/organization': () => ({ body: makeOrganization() }),
      'GET /api/admin/dashboard': () => ({
        body: {
          ...dashboard,
          recentActivity: [
            { id: 'g1', prompt: long, created_at: '2026-11-20T10:00:00.000Z', status: 'completed' },
            { id: 'g2', prompt: 'Queued one', created_at: '2026-11-20T10:00:00.000Z', status: 'queued' },
            { id: 'g3', prompt: 'Broken one', created_at: '2026-11-20T10:00:00.000Z', status: 'cancelled' },
          ],
        },
      }),
      'GET /api/admin/metrics': () => ({ body: { days } }),
      'GET /api/admin/users': () => ({ body: [], headers: { 'Content-Range': 'users 0-0/0' } }),
      'GET /api/admin/blog/posts': () => ({
        body: [{ id: 'p1', title: 'Spring launch', status: 'published', author: 'Ada' }],
        headers: { 'Content-Range': 'posts 0-0/7' },
      }),
    });
    renderConsole();
    expect(await screen.findByText('3 sign-ups in the last 30 days')).toBeInTheDocument();
    expect(screen.getByText('60 completed and 3 failed in the last 30 days')).toBeInTheDocument();
    expect(screen.getByText('500 granted and 120 used in the last 30 days')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/metrics')!.query.get('days')).toBe('30');

    await userEvent.click(screen.getByRole('tab', { name: 'Blog Posts' }));
    expect(await screen.findByText('Spring launch')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All 7 Posts' })).toHaveAttribute('href', '/admin/blog');
    expect(JSON.parse(calls.find((c) => c.path === '/api/admin/blog/posts')!.query.get('range')!)).toEqual([0, 4]);

    await userEvent.click(screen.getByRole('tab', { name: 'Recent Activity' }));
    const list = within(await screen.findByRole('list', { name: 'Recent generations' }));
    expect(list.getByText(`${long.slice(0, 60)}...`)).toBeInTheDocument();
    expect(list.getAllByText('Completed')).toHaveLength(1);
    expect(list.getAllByText('Processing')).toHaveLength(1);
    expect(list.getAllByText('Failed')).toHaveLength(1);
  });

  it('names the charts and the model usage as loading while they load', async () => {
    const never = () => new Promise<ApiReply>(() => {});
    stubApi({
      'GET /api/auth/user': () => ({ body: admin }),
      'GET /api/organization': () => ({ body: makeOrganization() }),
      'GET /api/admin/dashboard': () => ({ body: dashboard }),
      'GET /api/admin/metrics': never,
      'GET /api/admin/model-usage': never,
      'GET /api/admin/users': () => ({ body: [], headers: { 'Content-Range': 'users 0-0/0' } }),
    });
    renderConsole();
    // A loading placeholder is a progress bar with a name: a name on a plain span is not allowed (axe's aria-prohibited-attr).
    expect(await screen.findByRole('progressbar', { name: 'Loading charts' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading images by model' })).toBeInTheDocument();
  });
});
