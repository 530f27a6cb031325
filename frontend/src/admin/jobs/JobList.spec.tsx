import { ADMIN_MESSAGES } from '@brandloom/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeOrganization, makeUser } from '../../test/utils';
import { renderConsole, stubApi } from '../testing';

const job = (fields: Record<string, unknown>) => ({
  attempts: null,
  error: null,
  organization_id: 'o-1',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: null,
  ...fields,
});
const jobs = [
  job({ id: 'event:7', kind: 'event', job_id: '7', state: 'parked', label: 'credits.debited', error: 'handler kept failing', attempts: 8 }),
  job({ id: 'generation:g1', kind: 'generation', job_id: 'g1', state: 'failed', label: 'A harbour at dusk', error: 'The image provider refused the prompt' }),
  job({ id: 'generation:g2', kind: 'generation', job_id: 'g2', state: 'completed', label: 'A lighthouse' }),
];

describe('/admin/jobs (Operations)', () => {
  it('lists background work with kind and state filters, and retries only what the server can retry', async () => {
    let retryStatus = 200;
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: makeUser({ is_admin: true }) }),
      'GET /api/organization': () => ({ body: makeOrganization() }),
      'GET /api/admin/jobs': () => ({ body: jobs, headers: { 'Content-Range': 'jobs 0-2/3' } }),
      'POST /api/admin/jobs/event/7/retry': () => ({ body: { message: 'The event will be delivered again' } }),
      'POST /api/admin/jobs/generation/g1/retry': () =>
        retryStatus === 200 ? { body: { message: ADMIN_MESSAGES.generationRetried } } : { status: 402, body: { statusCode: 402, message: 'Not enough credits', error: 'Payment Required' } },
    });
    renderConsole('/admin/jobs');
    const parked = (await screen.findByText('credits.debited')).closest('tr')!;
    const failed = screen.getByText('A harbour at dusk').closest('tr')!;
    const completed = screen.getByText('A lighthouse').closest('tr')!;
    expect(within(completed).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();

    await userEvent.click(within(parked).getByRole('button', { name: 'Retry event credits.debited' }));
    expect(await screen.findByText('The event will be delivered again')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/jobs/event/7/retry')).toBe(true);

    retryStatus = 402;
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry generation A harbour at dusk' }));
    expect(await screen.findByText(`${ADMIN_MESSAGES.jobRetryFailed}: Not enough credits`)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Generation' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/jobs' && JSON.parse(c.query.get('filter') ?? '{}').kind === 'generation')).toBe(true));
  });
});
