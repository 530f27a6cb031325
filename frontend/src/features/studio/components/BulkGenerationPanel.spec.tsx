import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '../../../lib/queryClient';
import { mockApi } from '../../../test/utils';
import { FakeEventSource } from '../test/FakeEventSource';
import { formBodyOf, renderStudio, setUpStudioScreens, studioApi, variation } from '../test/fixtures';

setUpStudioScreens();

type Handlers = Parameters<typeof studioApi>[1];
type User = ReturnType<typeof userEvent.setup>;

const csv = (name = 'batch.csv') => new File(['prompt,quality\nA red bottle,low\nA blue bottle,\nA green bottle,high\n'], name, { type: 'text/csv' });
const startButton = () => screen.getByRole('button', { name: 'Start Bulk Generation' });

async function openBulk(overrides: Handlers = {}, path = '/studio/bulk') {
  const queryClient = createQueryClient();
  const fetchMock = mockApi(studioApi(25, overrides));
  renderStudio(path, queryClient);
  await screen.findByText('Drag and drop your CSV file');
  return { fetchMock, queryClient };
}

async function chooseCsv(user: User, file = csv()) {
  await user.upload(screen.getByTestId('bulk-csv-input'), file);
  await screen.findByTestId('bulk-selected-file');
}

function thumbnailOf(row: number) {
  return variation(0, `bulk-${row}`).preview;
}

describe('bulk generation tab', { timeout: 60_000 }, () => {
  it('/studio/bulk opens the Bulk tab with its drop zone, template link and default selects', async () => {
    await openBulk();

    expect(screen.getByRole('tab', { name: 'Bulk Generation' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Single Generation' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('heading', { name: 'Bulk Generation' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Prompt' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV template' })).toHaveAttribute('href', '/templates/bulk-generation.csv');
    expect(screen.getByRole('combobox', { name: 'Default Brand Profile' })).toHaveTextContent("None (use the CSV's brand profile)");
    expect(screen.getByRole('combobox', { name: 'Default Quality' })).toHaveTextContent('Use CSV value');
    expect(startButton()).toBeDisabled();
  });

  it('/studio opens the Single tab, and the Bulk tab is a click away', async () => {
    const user = userEvent.setup();
    mockApi(studioApi(25));
    renderStudio('/studio');
    await screen.findByRole('textbox', { name: 'Prompt' });
    expect(screen.queryByText('Drag and drop your CSV file')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Bulk Generation' }));
    expect(await screen.findByText('Drag and drop your CSV file')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Prompt' })).not.toBeInTheDocument();
  });

  it('uploads the CSV with the defaults, follows the rows and shows the results grid', async () => {
    const user = userEvent.setup();
    const { fetchMock, queryClient } = await openBulk({
      'POST /api/generate/bulk': {
        status: 201,
        body: { batchId: 'batch-1', total: 3, folderId: 'folder-1', jobs: [{ row: 2, generationId: 'g-2' }, { row: 3, generationId: 'g-3' }, { row: 4, generationId: 'g-4' }] },
      },
    });
    queryClient.setQueryData(['/api/assets'], []);
    queryClient.setQueryData(['/api/folders'], []);

    await chooseCsv(user);
    expect(screen.getByTestId('bulk-selected-file')).toHaveTextContent('batch.csv');
    await user.click(screen.getByRole('combobox', { name: 'Default Brand Profile' }));
    await user.click(await screen.findByRole('option', { name: 'Nova Skincare' }));
    await user.click(screen.getByRole('combobox', { name: 'Default Quality' }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    expect(startButton()).toBeEnabled();
    await user.click(startButton());

    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const form = formBodyOf(fetchMock, '/api/generate/bulk');
    expect((form.get('file') as File).name).toBe('batch.csv');
    expect(form.get('defaultBrandProfileId')).toBe('bp-2');
    expect(form.get('defaultQuality')).toBe('high');
    const stream = FakeEventSource.for('/api/generate/bulk/batch-1/progress');
    expect(await screen.findByText('Bulk generation started')).toBeInTheDocument();
    // The batch's folder exists from now on: a library opened earlier lists it without a reload.
    expect(queryClient.getQueryState(['/api/folders'])?.isInvalidated).toBe(true);
    expect(screen.getByTestId('bulk-progress-counts')).toHaveTextContent('0 done · 0 failed · 3 total');
    expect(within(screen.getByTestId('bulk-row-2')).getByText('queued')).toBeInTheDocument();

    stream.emit('progress', {
      done: 1,
      failed: 1,
      total: 3,
      rows: [
        { row: 2, status: 'completed', generationId: 'g-2', thumbnailUrl: thumbnailOf(2), prompt: 'Sneakers on a white table', quality: 'high', size: '1536x1024', width: 1536, height: 1024, brandProfileName: 'Acme' },
        { row: 3, status: 'failed', error: 'The image provider refused the prompt', prompt: 'A refused idea' },
        { row: 4, status: 'processing', prompt: 'Tea on a wooden tray', quality: 'high', size: '1024x1536' },
      ],
    });
    expect(screen.getByRole('progressbar', { name: 'Bulk generation progress' })).toHaveAttribute('aria-valuenow', '67');
    expect(screen.getByTestId('bulk-progress-counts')).toHaveTextContent('1 done · 1 failed · 3 total');
    expect(within(screen.getByTestId('bulk-row-3')).getByText('failed')).toBeInTheDocument();
    expect(screen.getByTestId('bulk-row-3')).toHaveTextContent('The image provider refused the prompt');
    expect(within(screen.getByTestId('bulk-row-4')).getByText('processing')).toBeInTheDocument();
    // Each row shows its prompt and details, not only its number.
    expect(screen.getByTestId('bulk-row-2')).toHaveTextContent('Sneakers on a white table');
    expect(screen.getByTestId('bulk-row-2')).toHaveTextContent('1536 × 1024 · high · Acme');
    expect(screen.getByTestId('bulk-row-4')).toHaveTextContent('Tea on a wooden tray');
    expect(screen.getByTestId('bulk-row-4')).toHaveTextContent('Generating…');
    expect(screen.getAllByTestId('bulk-result')).toHaveLength(1);
    // The result keeps the image's shape (3:2 here), captioned with its prompt.
    const first = screen.getByTestId('bulk-result');
    expect(first).toHaveTextContent('Sneakers on a white table');
    expect(getComputedStyle(within(first).getByRole('link', { name: 'Open row 2 image' })).aspectRatio.replace(/\s/g, '')).toBe('1536/1024');
    expect(queryClient.getQueryState(['/api/assets'])?.isInvalidated).toBe(false);

    stream.emit('completed', {
      done: 2,
      failed: 1,
      total: 3,
      rows: [{ row: 4, status: 'completed', generationId: 'g-4', thumbnailUrl: thumbnailOf(4), assetUrl: variation(0, 'bulk-4').apiProxyUrl }],
    });

    expect(stream.closed).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Bulk generation progress' })).toHaveAttribute('aria-valuenow', '100');
    const results = screen.getAllByTestId('bulk-result');
    expect(results).toHaveLength(2);
    expect(within(results[0]).getByRole('img', { name: 'Row 2: Sneakers on a white table' })).toHaveAttribute('src', thumbnailOf(2));
    expect(within(results[1]).getByRole('img', { name: 'Row 4: Tea on a wooden tray' })).toHaveAttribute('src', thumbnailOf(4));
    expect(await screen.findByText('2 of 3 images generated, 1 failed.')).toBeInTheDocument();
    expect(queryClient.getQueryState(['/api/assets'])?.isInvalidated).toBe(true);
  });

  it("sends the ad formats ticked under 'Also make ad formats' as defaultFormats", async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openBulk({
      'POST /api/generate/bulk': { status: 201, body: { batchId: 'batch-9', total: 1, folderId: 'folder-9', jobs: [{ row: 2, generationId: 'g-2' }] } },
    });
    await chooseCsv(user);
    await user.click(screen.getByRole('checkbox', { name: 'Also make ad formats' }));
    await user.click(screen.getByRole('checkbox', { name: 'Portrait 4:5' }));
    await user.click(startButton());
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(formBodyOf(fetchMock, '/api/generate/bulk').get('defaultFormats')).toBe('1:1;9:16;1.91:1');
  });

  it('leaves the defaults out when they are "None" and "Use CSV value"', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openBulk({ 'POST /api/generate/bulk': { status: 201, body: { batchId: 'batch-2', total: 1, folderId: 'folder-2', jobs: [{ row: 2, generationId: 'g-2' }] } } });

    await chooseCsv(user);
    await user.click(startButton());

    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const form = formBodyOf(fetchMock, '/api/generate/bulk');
    expect([...form.keys()]).toEqual(['file']);
  });

  it('lists the row-numbered validation errors and starts nothing', async () => {
    const user = userEvent.setup();
    await openBulk({
      'POST /api/generate/bulk': {
        status: 422,
        body: {
          statusCode: 422,
          message: 'The CSV has errors',
          errors: [
            { row: null, field: null, message: "Unknown column 'colour': the columns are prompt, brand_profile, quality, size and formats" },
            { row: 2, field: 'prompt', message: 'Prompt must be at least 5 characters' },
            { row: 5, field: 'quality', message: 'Quality must be low, medium or high' },
            { row: 6, field: 'brand_profile', message: "Brand profile 'Acme' not found" },
            { row: 7, field: 'size', message: 'Must be 1024x1024, 1536x1024 or 1024x1536' },
            { row: 8, field: null, message: 'This row has 5 values but the header has 4 columns' },
          ],
        },
      },
    });

    await chooseCsv(user);
    await user.click(startButton());

    const errors = await screen.findByTestId('bulk-validation-errors');
    expect(within(errors).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Unknown column 'colour': the columns are prompt, brand_profile, quality, size and formats",
      'Row 2: Prompt must be at least 5 characters',
      'Row 5: Quality must be low, medium or high',
      "Row 6: Brand profile 'Acme' not found",
      'Row 7: size: Must be 1024x1024, 1536x1024 or 1024x1536',
      'Row 8: This row has 5 values but the header has 4 columns',
    ]);
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(screen.queryByTestId('bulk-progress-counts')).not.toBeInTheDocument();
    expect(startButton()).toBeEnabled();
  });

  it('shows a plain refusal (400 with a list of messages, or 402)', async () => {
    const user = userEvent.setup();
    await openBulk({
      'POST /api/generate/bulk': { status: 402, body: { statusCode: 402, message: 'Not enough credits. You need 12 credits, but you only have 5.' } },
    });

    await chooseCsv(user);
    await user.click(startButton());

    expect(await screen.findByTestId('bulk-validation-errors')).toHaveTextContent('Not enough credits. You need 12 credits, but you only have 5.');
  });

  it('refuses a file that is not a CSV', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await openBulk();

    await user.upload(screen.getByTestId('bulk-csv-input'), new File(['x'], 'photo.png', { type: 'image/png' }));

    expect(await screen.findByTestId('bulk-file-errors')).toHaveTextContent(/photo\.png: File type must be/);
    expect(startButton()).toBeDisabled();
  });

  it('reports a progress stream that drops', async () => {
    const user = userEvent.setup();
    await openBulk({ 'POST /api/generate/bulk': { status: 201, body: { batchId: 'batch-3', total: 2, folderId: 'folder-3', jobs: [{ row: 2, generationId: 'g-2' }, { row: 3, generationId: 'g-3' }] } } });

    await chooseCsv(user);
    await user.click(startButton());
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.for('/api/generate/bulk/batch-3/progress');
    stream.emit('progress', { done: 1, failed: 0, total: 2, rows: [{ row: 2, generationId: 'g-2', status: 'completed', thumbnailUrl: thumbnailOf(2) }] });
    stream.failConnection();

    expect(await screen.findByText('Connection to server lost: Server connection interrupted')).toBeInTheDocument();
    expect(screen.getAllByTestId('bulk-result')).toHaveLength(1);
    expect(startButton()).toBeEnabled();
  });
});
