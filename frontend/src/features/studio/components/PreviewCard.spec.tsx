import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '../../../lib/queryClient';
import { mockApi } from '../../../test/utils';
import { FakeEventSource } from '../test/FakeEventSource';
import { completedEvent, renderStudio, setUpStudioScreens, startedJob, studioApi, variation } from '../test/fixtures';

setUpStudioScreens();

const PROMPT = 'A red bottle on a table';
type User = ReturnType<typeof userEvent.setup>;

/** Opens the studio, submits PROMPT and returns the progress stream of job-1. */
async function startGeneration(user: User, overrides: Parameters<typeof studioApi>[1] = {}) {
  const queryClient = createQueryClient();
  const fetchMock = mockApi(studioApi(25, { 'POST /api/generate': startedJob('job-1'), ...overrides }));
  renderStudio('/studio', queryClient);
  await user.click(await screen.findByRole('textbox', { name: 'Prompt' }));
  await user.paste(PROMPT);
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  return { stream: FakeEventSource.for('/api/generate/progress/job-1'), queryClient, fetchMock };
}

const image = () => screen.getByRole('img', { name: 'Generated image' });
const preview = () => within(screen.getByTestId('preview-box'));

describe('generation preview', { timeout: 60_000 }, () => {
  it('offers to make an ad from the generated image: the composer opens on that picture', async () => {
    const user = userEvent.setup();
    const { stream } = await startGeneration(user);
    stream.emit('completed', completedEvent(1));
    await user.click(await screen.findByRole('button', { name: 'Make an ad' }));
    const composer = within(await screen.findByRole('dialog', { name: 'Make an ad' }));
    expect(composer.getByText(PROMPT)).toBeInTheDocument();
    expect(composer.getByRole('img', { name: 'Square 1:1 preview' })).toBeInTheDocument();
  });

  it('shows the spinner with live progress, then the image', async () => {
    const user = userEvent.setup();
    const { stream } = await startGeneration(user);

    expect(stream.withCredentials).toBe(true);
    expect(await screen.findByText('Generation started')).toBeInTheDocument();
    expect(preview().getByText('Generating your image...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();

    stream.emit('progress', { progress: 40, message: 'Rendering variation 1 of 3', status: 'processing' });
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByTestId('progress-message')).toHaveTextContent('Rendering variation 1 of 3');
    // Progress never goes backwards.
    stream.emit('progress', { progress: 30, message: 'Saving your images' });
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '40');

    stream.emit('completed', completedEvent(3));
    expect(stream.closed).toBe(true);
    expect(image().getAttribute('src')).toMatch(/^\/api\/assets\/file\/org-1\/generations\/job-1\/0\.png\?t=\d+$/);
    expect(screen.queryByText('Generating your image...')).not.toBeInTheDocument();
    expect(screen.getByTestId('variation-label')).toHaveTextContent('Variation 1 of 3');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it("moves between variations with arrows that wrap around, and shows 'Variation N of M'", async () => {
    const user = userEvent.setup();
    const { stream } = await startGeneration(user);
    stream.emit('completed', completedEvent(3));

    await user.click(screen.getByRole('button', { name: 'Previous variation' }));
    expect(screen.getByTestId('variation-label')).toHaveTextContent('Variation 3 of 3');
    expect(image().getAttribute('src')).toContain('/job-1/2.png');
    await user.click(screen.getByRole('button', { name: 'Next variation' }));
    expect(screen.getByTestId('variation-label')).toHaveTextContent('Variation 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next variation' }));
    expect(screen.getByTestId('variation-label')).toHaveTextContent('Variation 2 of 3');
    expect(image().getAttribute('src')).toContain('/job-1/1.png');
  });

  it('shows thumbnails of the variations; one picks its variation', async () => {
    const user = userEvent.setup();
    const { stream } = await startGeneration(user);
    stream.emit('completed', completedEvent(3));

    const thumbnails = within(screen.getByRole('group', { name: 'Variation thumbnails' }));
    expect(thumbnails.getByRole('img', { name: 'Variation 3 thumbnail' })).toHaveAttribute('src', variation(2).preview);
    await user.click(thumbnails.getByRole('button', { name: 'Show variation 3' }));
    expect(screen.getByTestId('variation-label')).toHaveTextContent('Variation 3 of 3');
    expect(thumbnails.getByRole('button', { name: 'Show variation 3' })).toHaveAttribute('aria-current', 'true');
  });

  it('shows no arrows for a single image', async () => {
    const user = userEvent.setup();
    const { stream } = await startGeneration(user);

    stream.emit('completed', completedEvent(1));
    expect(image()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next variation' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('variation-label')).not.toBeInTheDocument();
  });

  it('starts a new set of variations at the first one', async () => {
    const user = userEvent.setup();
    const { stream, fetchMock } = await startGeneration(user);
    stream.emit('completed', completedEvent(3));
    await user.click(screen.getByRole('button', { name: 'Previous variation' }));
    expect(screen.getByTestId('variation-label')).toHaveTextContent('Variation 3 of 3');

    fetchMock.mockClear();
    mockApi(studioApi(25, { 'POST /api/generate': startedJob('job-2') }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    FakeEventSource.for('/api/generate/progress/job-2').emit('completed', completedEvent(2, 'job-2'));

    expect(screen.getByTestId('variation-label')).toHaveTextContent('Variation 1 of 2');
    expect(image().getAttribute('src')).toContain('/job-2/0.png');
  });

  it('refreshes the asset library queries and the balance on completion', async () => {
    const user = userEvent.setup();
    const { stream, queryClient } = await startGeneration(user);
    queryClient.setQueryData(['/api/assets'], []);
    queryClient.setQueryData(['/api/assets/count'], { count: 0 });
    queryClient.setQueryData(['/api/folders'], []);
    // The answer's balance after the debit is shown at once.
    await waitFor(() => expect(screen.getByTestId('studio-balance')).toHaveTextContent('Balance: 23 credits'));

    stream.emit('progress', { progress: 50, message: 'Rendering' });
    expect(queryClient.getQueryState(['/api/assets'])?.isInvalidated).toBe(false);

    stream.emit('completed', completedEvent(1));
    expect(queryClient.getQueryState(['/api/assets'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/assets/count'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/folders'])?.isInvalidated).toBe(true);
    // The balance is read again (25 from the mocked server).
    await waitFor(() => expect(screen.getByTestId('studio-balance')).toHaveTextContent('Balance: 25 credits'));
  });

  it('ignores an error that arrives after completion', async () => {
    const user = userEvent.setup();
    const { stream } = await startGeneration(user);

    stream.emit('completed', completedEvent(2));
    stream.emit('error', { message: 'Late failure' });
    stream.failConnection();

    expect(image()).toBeInTheDocument();
    expect(screen.getByTestId('variation-label')).toHaveTextContent('Variation 1 of 2');
    expect(screen.queryByText('Late failure')).not.toBeInTheDocument();
    expect(screen.queryByText('Generation failed')).not.toBeInTheDocument();
    expect(screen.queryByText('Connection to server lost')).not.toBeInTheDocument();
  });

  it('counts an error as completion when an image is already available', async () => {
    const user = userEvent.setup();
    const first = variation(0);
    const { stream } = await startGeneration(user, {
      'POST /api/generate': startedJob('job-1', { status: 'processing', imageUrl: first.apiProxyUrl, variations: [first] }),
    });

    stream.emit('error', { message: 'The provider timed out' });

    expect(image().getAttribute('src')).toContain('/job-1/0.png');
    expect(screen.queryByTestId('preview-error')).not.toBeInTheDocument();
    expect(screen.queryByText('The provider timed out')).not.toBeInTheDocument();
  });

  it("shows the server's error event in the preview and as a 'Generation failed' toast", async () => {
    const user = userEvent.setup();
    const { stream } = await startGeneration(user);

    stream.emit('progress', { progress: 10, message: 'Starting generation' });
    stream.emit('error', { message: 'The image provider refused the prompt', creditsRefunded: 2 });

    expect(stream.closed).toBe(true);
    expect(screen.getByTestId('preview-error')).toHaveTextContent('The image provider refused the prompt');
    const toastTitle = await screen.findByText('Generation failed', { selector: 'li *' });
    expect(toastTitle.closest('li')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.queryByRole('img', { name: 'Generated image' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it("falls back to 'An error occurred' for an error event without a message", async () => {
    const user = userEvent.setup();
    const { stream } = await startGeneration(user);

    stream.emit('error', {});

    expect(screen.getByTestId('preview-error')).toHaveTextContent('An error occurred');
  });

  it("reports a stream that never connected as 'Connection error' / 'Failed to connect to server'", async () => {
    const user = userEvent.setup();
    const { stream } = await startGeneration(user);

    stream.failConnection(FakeEventSource.CLOSED);

    expect(screen.getByTestId('preview-error')).toHaveTextContent('Connection error');
    expect(await screen.findByText('Failed to connect to server', { selector: 'li *' })).toBeInTheDocument();
  });

  it("reports a dropped stream as 'Connection to server lost' / 'Server connection interrupted'", async () => {
    const user = userEvent.setup();
    const { stream } = await startGeneration(user);

    stream.emit('progress', { progress: 20, message: 'Rendering' });
    stream.failConnection(FakeEventSource.CLOSED);

    expect(screen.getByTestId('preview-error')).toHaveTextContent('Connection to server lost');
    expect(await screen.findByText('Server connection interrupted', { selector: 'li *' })).toBeInTheDocument();
  });

  it('lets the browser reconnect a dropped stream and gives up after repeated failures', async () => {
    const user = userEvent.setup();
    const { stream } = await startGeneration(user);

    stream.emit('progress', { progress: 20, message: 'Rendering' });
    stream.failConnection(FakeEventSource.CONNECTING);
    expect(screen.getByText('Generating your image...')).toBeInTheDocument();
    // Reconnected: the server sends the current state again.
    stream.emit('progress', { progress: 60, message: 'Saving your images' });
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '60');

    stream.failConnection(FakeEventSource.CONNECTING);
    stream.failConnection(FakeEventSource.CONNECTING);
    expect(screen.queryByTestId('preview-error')).not.toBeInTheDocument();
    stream.failConnection(FakeEventSource.CONNECTING);
    expect(stream.closed).toBe(true);
    expect(screen.getByTestId('preview-error')).toHaveTextContent('Connection to server lost');
  });
});
