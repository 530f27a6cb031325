import { ADMIN_JOB_CODES, ADMIN_MESSAGES, type AdminJobDto } from '@brandloom/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeOrganization, makeUser } from '../../test/utils';
import { renderConsole, stubApi } from '../testing';

const job = (fields: Partial<AdminJobDto>): AdminJobDto => ({
  id: '',
  kind: 'generation',
  job_id: '',
  state: 'queued',
  label: '',
  attempts: null,
  error: null,
  organization_id: 'o-1',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: null,
  retried_as: null,
  retry_of: null,
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

  it('links a retried generation to its retry and back, offers no second retry, and shows a 409 with the fresh row', async () => {
    const original = '11111111-2222-4333-8444-555555555555';
    const retry = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const rows = {
      all: [
        job({ id: `generation:${retry}`, kind: 'generation', job_id: retry, state: 'queued', label: 'A harbour at dawn', retry_of: original }),
        job({ id: `generation:${original}`, kind: 'generation', job_id: original, state: 'failed', label: 'A harbour at dawn', retried_as: retry }),
        job({ id: 'generation:g3', kind: 'generation', job_id: 'g3', state: 'failed', label: 'A fjord' }),
      ],
    };
    let g3Retried = false;
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: makeUser({ is_admin: true }) }),
      'GET /api/organization': () => ({ body: makeOrganization() }),
      'GET /api/admin/jobs': (call) => {
        const id = JSON.parse(call.query.get('filter') ?? '{}').id as string | undefined;
        const listed = rows.all
          .map((j) => (j.job_id === 'g3' && g3Retried ? { ...j, retried_as: 'ffffffff-0000-4000-8000-000000000000' } : j))
          .filter((j) => !id || j.id === id);
        return { body: listed, headers: { 'Content-Range': `jobs 0-${listed.length - 1}/${listed.length}` } };
      },
      'POST /api/admin/jobs/generation/g3/retry': () => {
        g3Retried = true;
        return { status: 409, body: { statusCode: 409, error: 'Conflict', message: ADMIN_MESSAGES.generationAlreadyRetried, code: ADMIN_JOB_CODES.generationAlreadyRetried } };
      },
    });
    renderConsole('/admin/jobs');
    const link = await screen.findByRole('link', { name: `Retried as ${retry.slice(0, 8)}` });
    const failedRow = link.closest('tr')!;
    expect(within(failedRow).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Retry of ${original.slice(0, 8)}` })).toBeInTheDocument();

    // Someone else retried the fjord meanwhile: the 409's message, then the row without its button.
    const fjord = screen.getByText('A fjord').closest('tr')!;
    await userEvent.click(within(fjord).getByRole('button', { name: 'Retry generation A fjord' }));
    expect(await screen.findByText(`${ADMIN_MESSAGES.jobRetryFailed}: ${ADMIN_MESSAGES.generationAlreadyRetried}`)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByText('A fjord').closest('tr')!).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument());

    // Following the link narrows the list to the retry, with a filter that can be cleared.
    await userEvent.click(link);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/jobs' && JSON.parse(c.query.get('filter') ?? '{}').id === `generation:${retry}`)).toBe(true));
    await waitFor(() => expect(screen.queryByText('A fjord')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Job id' })).toHaveValue(`generation:${retry}`);
    expect(screen.getByRole('link', { name: `Retry of ${original.slice(0, 8)}` })).toBeInTheDocument();
  });

  it('shows every kind the server lists (format jobs and Meta pushes too) and filters by each', async () => {
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: makeUser({ is_admin: true }) }),
      'GET /api/organization': () => ({ body: makeOrganization() }),
      'GET /api/admin/jobs': () => ({
        body: [
          job({ id: 'format:f1', kind: 'format', job_id: 'f1', state: 'failed', label: 'Format 9:16 (ai extend)', attempts: 2, error: 'The outpainter timed out' }),
          job({ id: 'meta_push:p1', kind: 'meta_push', job_id: 'p1', state: 'running', label: 'Meta push: Winter sale' }),
        ],
        headers: { 'Content-Range': 'jobs 0-1/2' },
      }),
    });
    renderConsole('/admin/jobs');
    const format = (await screen.findByText('Format 9:16 (ai extend)')).closest('tr')!;
    const push = screen.getByText('Meta push: Winter sale').closest('tr')!;
    expect(within(format).getByText('Format')).toBeInTheDocument();
    expect(within(push).getByText('Meta push')).toBeInTheDocument();
    // Neither kind has a retry on the server, so neither offers one.
    expect(within(format).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['Generation', 'Brand extraction', 'Format', 'Meta push', 'Event']));
    await userEvent.click(screen.getByRole('option', { name: 'Meta push' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/jobs' && JSON.parse(c.query.get('filter') ?? '{}').kind === 'meta_push')).toBe(true));
  });
});
