import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { theme } from '../../../app/theme';
import { dismissToast } from '../../../lib/toast';
import { billingHandlers, callsTo, makeTransaction, mockBillingApi, transactionsPath } from '../test/fixtures';
import { renderBillingPage } from '../test/render';

afterEach(() => act(() => dismissToast()));

// The theme's success and error colours as the light colour mode resolves them.
const GREEN = theme.palette.success.main;
const RED = theme.palette.error.main;

function rowOf(description: string): HTMLElement {
  const row = screen.getByText(description).closest('tr');
  if (!row) throw new Error(`No row for ${description}`);
  return row;
}

describe('transaction history', () => {
  it('labels each type, signs the amounts, colours them and formats dates en-US', async () => {
    mockBillingApi(
      billingHandlers({
        [transactionsPath('all')]: {
          body: [
            makeTransaction({ type: 'purchase', amount: 60, description: 'Medium pack', created_at: '2026-03-05T12:00:00.000Z' }),
            makeTransaction({ type: 'usage', amount: -4, description: 'Sunset poster', brand_name: 'Acme' }),
            makeTransaction({ type: 'refund', amount: 2, description: 'Failed variation' }),
            makeTransaction({ type: 'bonus', amount: 25, description: 'Welcome bonus' }),
            // Only transaction_type set: the screen reads either name.
            { ...makeTransaction({ amount: -1, description: 'Old usage row' }), type: undefined as never, transaction_type: 'usage' },
            makeTransaction({ type: 'purchase', amount: 20, description: 'Small pack', status: 'pending' }),
          ],
        },
      }),
    );
    renderBillingPage('/billing');

    await screen.findByText('Medium pack');
    const expectations: [string, string, string, string][] = [
      ['Medium pack', 'Credit Purchase', '+60', GREEN],
      ['Sunset poster', 'Generation', '-4', RED],
      ['Failed variation', 'Refund', '+2', GREEN],
      ['Welcome bonus', 'Bonus Credits', '+25', GREEN],
      ['Old usage row', 'Generation', '-1', RED],
    ];
    for (const [description, label, amount, colour] of expectations) {
      const row = within(rowOf(description));
      expect(row.getByTestId('transaction-label')).toHaveTextContent(label);
      expect(row.getByTestId('transaction-amount')).toHaveTextContent(new RegExp(`^${amount.replace('+', '\\+')}$`));
      expect(row.getByTestId('transaction-amount')).toHaveStyle({ color: colour });
    }
    expect(rowOf('Medium pack')).toHaveTextContent('Mar 5, 2026');
    expect(rowOf('Sunset poster')).toHaveTextContent('Acme');
    expect(within(rowOf('Small pack')).getByText('Pending')).toBeInTheDocument();
    expect(within(rowOf('Medium pack')).queryByText('Pending')).not.toBeInTheDocument();
  });

  it('asks the server for the open tab\'s type', async () => {
    const fetchMock = mockBillingApi(
      billingHandlers({
        [transactionsPath('all')]: { body: [makeTransaction({ type: 'purchase', amount: 60, description: 'Medium pack' }), makeTransaction({ description: 'A poster' })] },
        [transactionsPath('purchase')]: { body: [makeTransaction({ type: 'purchase', amount: 60, description: 'Medium pack' })] },
        [transactionsPath('usage')]: { body: [makeTransaction({ description: 'A poster' })] },
      }),
    );
    renderBillingPage('/billing');

    expect(await screen.findByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('A poster');
    expect(screen.getAllByTestId('transaction-row')).toHaveLength(2);

    await userEvent.click(screen.getByRole('tab', { name: 'Purchases' }));
    await waitFor(() => expect(screen.queryByText('A poster')).not.toBeInTheDocument());
    expect(screen.getByText('Medium pack')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/credits/transactions?limit=20&type=purchase')).toBe(1);

    await userEvent.click(screen.getByRole('tab', { name: 'Usage' }));
    expect(await screen.findByText('A poster')).toBeInTheDocument();
    expect(screen.queryByText('Medium pack')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/credits/transactions?limit=20&type=usage')).toBe(1);
  });

  it('loads more with the cursor the server named, until there is none', async () => {
    const fetchMock = mockBillingApi(
      billingHandlers({
        [transactionsPath('all')]: { body: [makeTransaction({ id: 'a', description: 'First page row' })], headers: { 'x-next-cursor': 'a' } },
        [transactionsPath('all', 'a')]: { body: [makeTransaction({ id: 'b', description: 'Second page row' })] },
      }),
    );
    renderBillingPage('/billing');

    await screen.findByText('First page row');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Second page row')).toBeInTheDocument();
    expect(screen.getByText('First page row')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/credits/transactions?limit=20&type=all&cursor=a')).toBe(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });

  it('shows the empty state and the error state', async () => {
    mockBillingApi(billingHandlers({ [transactionsPath('usage')]: { status: 500, body: { statusCode: 500, message: 'Internal server error' } } }));
    renderBillingPage('/billing');

    expect(await screen.findByText('No credit transactions yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Usage' }));
    expect(await screen.findByText('Error loading transactions. Please try again.')).toBeInTheDocument();
  });

  describe('Export CSV', () => {
    let clicked: { href: string; download: string }[];
    beforeEach(() => {
      clicked = [];
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv-1');
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
      });
    });
    afterEach(() => vi.restoreAllMocks());

    it('downloads the open tab\'s transactions as CSV', async () => {
      const fetchMock = mockBillingApi(
        billingHandlers({
          [transactionsPath('usage')]: { body: [] },
          'GET /api/credits/transactions.csv?type=usage': {
            text: 'date,type,amount\n2026-03-05,usage,-4\n',
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="credit-transactions-usage.csv"' },
          },
        }),
      );
      renderBillingPage('/billing');

      await userEvent.click(await screen.findByRole('tab', { name: 'Usage' }));
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

      await waitFor(() => expect(clicked).toEqual([{ href: 'blob:csv-1', download: 'credit-transactions-usage.csv' }]));
      expect(fetchMock).toHaveBeenCalledWith('/api/credits/transactions.csv?type=usage', expect.objectContaining({ credentials: 'include' }));
      const blob = vi.mocked(URL.createObjectURL).mock.calls[0][0] as Blob;
      expect(await blob.text()).toBe('date,type,amount\n2026-03-05,usage,-4\n');
    });

    it('exports every transaction from the All tab under a default name', async () => {
      mockBillingApi(billingHandlers({ 'GET /api/credits/transactions.csv?type=all': { text: 'date\n', headers: { 'Content-Type': 'text/csv' } } }));
      renderBillingPage('/billing');

      await screen.findByText('No credit transactions yet.');
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

      await waitFor(() => expect(clicked).toEqual([{ href: 'blob:csv-1', download: 'credit-transactions-all.csv' }]));
    });

    it('toasts when the export fails', async () => {
      mockBillingApi(
        billingHandlers({ 'GET /api/credits/transactions.csv?type=all': { status: 403, body: { statusCode: 403, message: 'Forbidden resource' } } }),
      );
      renderBillingPage('/billing');

      await screen.findByText('No credit transactions yet.');
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

      expect(await screen.findByText('Export failed')).toBeInTheDocument();
      expect(screen.getByText('Forbidden resource')).toBeInTheDocument();
      expect(clicked).toEqual([]);
    });
  });
});
