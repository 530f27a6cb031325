import type { WebhookDeliveryDto, WebhookEndpointDto } from '@brandloom/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '../../../lib/toast';
import { mockApi, renderScreen } from '../../../test/utils';
import { bodiesOf, settingsApi, WEBHOOK_ENDPOINT_ID, webhookDelivery, webhookEndpoint } from '../test/fixtures';
import SettingsPage from './SettingsPage';

afterEach(() => act(() => dismissToast()));

const BASE = `/api/webhooks/${WEBHOOK_ENDPOINT_ID}`;

function openWebhooks() {
  renderScreen(<SettingsPage />, { path: '/settings?tab=webhooks' });
}

describe('Settings → Webhooks', () => {
  it('adds an endpoint with the chosen events and shows its secret once, with a copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    let listed: WebhookEndpointDto[] = [];
    const fetchMock = mockApi(
      settingsApi('owner', {
        'GET /api/webhooks': () => ({ body: listed }),
        'POST /api/webhooks': (init) => {
          const created = webhookEndpoint(JSON.parse(String(init?.body)));
          listed = [created];
          return { status: 201, body: { ...created, secret: 'whsec_the-secret-shown-once' } };
        },
      }),
    );
    openWebhooks();
    expect(await screen.findByText('No endpoints yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });

    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/webhooks')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Endpoint URL' }), 'https://hooks.example.com/brandloom');
    await user.click(within(dialog).getByRole('checkbox', { name: /^generation\.completed/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^credits\.low/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/webhooks')).toEqual([{ url: 'https://hooks.example.com/brandloom', events: ['generation.completed', 'credits.low'] }]));

    const secret = await screen.findByRole('dialog', { name: 'Your signing secret' });
    expect(within(secret).getByRole('textbox', { name: 'Signing secret' })).toHaveValue('whsec_the-secret-shown-once');
    await user.click(within(secret).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith('whsec_the-secret-shown-once');
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your signing secret' })).toBeNull());

    const card = await screen.findByRole('article', { name: 'https://hooks.example.com/brandloom' });
    expect(within(card).getByText('credits.low')).toBeInTheDocument();
    expect(screen.queryByText('whsec_the-secret-shown-once')).toBeNull();
  });

  it('disables and enables, deletes after confirming, and says why Brandloom disabled an endpoint', async () => {
    const user = userEvent.setup();
    let current = webhookEndpoint({ enabled: false, disabled_reason: 'Disabled after 12 failed attempts to deliver one event', consecutive_failures: 12 });
    const fetchMock = mockApi(
      settingsApi('admin', {
        'GET /api/webhooks': () => ({ body: current ? [current] : [] }),
        [`PATCH ${BASE}`]: (init) => {
          const { enabled } = JSON.parse(String(init?.body));
          current = webhookEndpoint({ enabled });
          return { body: current };
        },
        [`DELETE ${BASE}`]: () => {
          current = null as unknown as WebhookEndpointDto;
          return { status: 204 };
        },
      }),
    );
    openWebhooks();
    const card = await screen.findByRole('article', { name: 'https://hooks.example.com/brandloom' });
    expect(within(card).getByText(/Disabled after 12 failed attempts/)).toBeInTheDocument();
    expect(within(card).getByText('12 failed attempts since the last success')).toBeInTheDocument();

    await user.click(within(card).getByRole('switch', { name: 'Enabled' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', BASE)).toEqual([{ enabled: true }]));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'https://hooks.example.com/brandloom' })).queryByText(/Disabled after/)).toBeNull());

    await user.click(within(screen.getByRole('article', { name: 'https://hooks.example.com/brandloom' })).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this endpoint?' })).toBeNull());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
    await user.click(within(await screen.findByRole('article', { name: 'https://hooks.example.com/brandloom' })).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this endpoint?' })).getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText('No endpoints yet.')).toBeInTheDocument();
  });

  it('sends a test event and shows the delivery log with status, time and answer code, and re-sends an attempt', async () => {
    const user = userEvent.setup();
    let log: WebhookDeliveryDto[] = [webhookDelivery(), webhookDelivery({ id: 'd-2', attempt: 2, status: 'succeeded', status_code: 200, error: null, next_attempt_at: null, delivered_at: '2026-01-05T10:02:01.000Z', attempted_at: '2026-01-05T10:02:00.000Z' })];
    const fetchMock = mockApi(
      settingsApi('owner', {
        'GET /api/webhooks': { body: [webhookEndpoint()] },
        [`GET ${BASE}/deliveries`]: () => ({ body: log }),
        [`POST ${BASE}/test`]: () => {
          const test = webhookDelivery({ id: 'd-test', type: 'webhook.test', manual: true, status: 'succeeded', status_code: 204, error: null, next_attempt_at: null });
          log = [test, ...log];
          return { status: 202, body: test };
        },
        [`POST ${BASE}/deliveries/d-1/resend`]: { status: 202, body: webhookDelivery({ id: 'd-3', manual: true, attempt: 3, status: 'pending' }) },
      }),
    );
    openWebhooks();
    const card = await screen.findByRole('article', { name: 'https://hooks.example.com/brandloom' });
    await user.click(within(card).getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url) === `${BASE}/test` && init?.method === 'POST')).toBe(true));

    const table = await within(card).findByRole('table', { name: 'Delivery log of https://hooks.example.com/brandloom' });
    await waitFor(() => expect(within(table).getAllByTestId('delivery-row')).toHaveLength(3));
    const [test, failed] = within(table).getAllByTestId('delivery-row');
    expect(test).toHaveTextContent('webhook.test');
    expect(test).toHaveTextContent('Sent by hand');
    expect(test).toHaveTextContent('HTTP 204');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('HTTP 500');
    expect(failed).toHaveTextContent('Attempt 1');
    expect(failed).toHaveTextContent('Answered HTTP 500: boom');
    expect(failed).toHaveTextContent(/Jan 5/);

    await user.click(within(failed).getByRole('button', { name: /^Re-send generation\.completed/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url) === `${BASE}/deliveries/d-1/resend` && init?.method === 'POST')).toBe(true));
    expect(await screen.findByText('Event re-sent')).toBeInTheDocument();
  });

  it('tells members who are not admins that only owners and admins manage webhooks, and reads nothing', async () => {
    const fetchMock = mockApi(settingsApi('member'));
    openWebhooks();
    expect(await screen.findByText('Only owners and admins can manage webhooks.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/webhooks'))).toBe(false);
  });
});
