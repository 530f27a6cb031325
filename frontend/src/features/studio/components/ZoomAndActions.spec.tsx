import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/utils';
import { FakeEventSource } from '../test/FakeEventSource';
import { completedEvent, renderStudio, setUpStudioScreens, startedJob, studioApi } from '../test/fixtures';

setUpStudioScreens();

const PROMPT = 'A red bottle on a table';
type User = ReturnType<typeof userEvent.setup>;

/** Generates two variations of PROMPT and waits for the image. */
async function generated(user: User) {
  mockApi(studioApi(25, { 'POST /api/generate': startedJob('job-1') }));
  renderStudio('/studio');
  await user.click(await screen.findByRole('textbox', { name: 'Prompt' }));
  await user.paste(PROMPT);
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  FakeEventSource.for('/api/generate/progress/job-1').emit('completed', completedEvent(2));
  await screen.findByRole('img', { name: 'Generated image' });
}

async function openZoom(user: User) {
  await user.click(screen.getByRole('button', { name: 'Zoom' }));
  return screen.findByRole('dialog', { name: 'Zoomed image' });
}

const IMAGE_URL = `${window.location.origin}/api/assets/file/org-1/generations/job-1/0.png`;

describe('zoom overlay', { timeout: 60_000 }, () => {
  it('shows the image, the prompt and Share and Download, and closes on Escape', async () => {
    const user = userEvent.setup();
    await generated(user);

    const dialog = await openZoom(user);
    expect(within(dialog).getByRole('img', { name: 'Zoomed generated image' })).toHaveAttribute(
      'src',
      expect.stringContaining('/api/assets/file/org-1/generations/job-1/0.png'),
    );
    expect(within(dialog).getByTestId('zoom-prompt')).toHaveTextContent(PROMPT);
    expect(within(dialog).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Zoomed image' })).not.toBeInTheDocument());
  });

  it('closes on the close button and on a click on the backdrop, but not on a click on the image', async () => {
    const user = userEvent.setup();
    await generated(user);

    let dialog = await openZoom(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Zoomed image' })).not.toBeInTheDocument());

    dialog = await openZoom(user);
    await user.click(within(dialog).getByRole('img', { name: 'Zoomed generated image' }));
    expect(screen.getByRole('dialog', { name: 'Zoomed image' })).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('zoom-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Zoomed image' })).not.toBeInTheDocument());
  });

  it("closes on the browser's back action and leaves no extra history entry behind", async () => {
    const user = userEvent.setup();
    await generated(user);
    const overlayEntry = () => (window.history.state as Record<string, unknown> | null)?.brandloomOverlay;
    expect(overlayEntry()).toBeUndefined();

    await openZoom(user);
    expect(overlayEntry()).toBe(true);
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Zoomed image' })).not.toBeInTheDocument());
    expect(overlayEntry()).toBeUndefined();
    // Still on the studio with the image.
    expect(screen.getByRole('img', { name: 'Generated image' })).toBeInTheDocument();

    // Closing with Escape goes back over the entry the overlay added.
    await openZoom(user);
    expect(overlayEntry()).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(overlayEntry()).toBeUndefined());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Zoomed image' })).not.toBeInTheDocument());
  });
});

describe('copy, share and download', { timeout: 60_000 }, () => {
  it('copies the image URL from the hover bar and says so', async () => {
    const user = userEvent.setup();
    await generated(user);

    expect(screen.getByTestId('preview-prompt')).toHaveTextContent(PROMPT);
    await user.click(screen.getByRole('button', { name: 'Copy image URL' }));

    expect(await screen.findByText('Image URL copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(IMAGE_URL);
  });

  it("says 'Failed to copy' when the clipboard refuses", async () => {
    const user = userEvent.setup();
    await generated(user);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));

    await user.click(screen.getByRole('button', { name: 'Copy image URL' }));

    const title = await screen.findByText('Failed to copy');
    expect(title.closest('li')).toHaveAttribute('data-variant', 'destructive');
  });

  it('downloads as generated-image-{timestamp}.png and says so', async () => {
    const user = userEvent.setup();
    await generated(user);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    vi.spyOn(Date, 'now').mockReturnValue(1767225600000);

    await user.click(screen.getByRole('button', { name: 'Download image' }));

    expect(await screen.findByText('Download started')).toBeInTheDocument();
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toBe('generated-image-1767225600000.png');
    expect(clicked[0].getAttribute('href')).toBe('/api/assets/file/org-1/generations/job-1/0.png');
  });

  it('downloads the variation shown from the zoom overlay', async () => {
    const user = userEvent.setup();
    await generated(user);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    await user.click(screen.getByRole('button', { name: 'Next variation' }));
    const dialog = await openZoom(user);
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    expect(clicked[0].getAttribute('href')).toBe('/api/assets/file/org-1/generations/job-1/1.png');
    expect(clicked[0].download).toMatch(/^generated-image-\d+\.png$/);
  });

  it('shares through the share sheet when there is one, else copies the URL', async () => {
    const user = userEvent.setup();
    await generated(user);

    let dialog = await openZoom(user);
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Image URL copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(IMAGE_URL);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Zoomed image' })).not.toBeInTheDocument());

    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      dialog = await openZoom(user);
      await user.click(within(dialog).getByRole('button', { name: 'Share' }));
      await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Generated image', text: PROMPT, url: IMAGE_URL }));
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });
});
