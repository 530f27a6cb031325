import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/utils';
import { FakeEventSource } from '../test/FakeEventSource';
import { BRAND_LIST, formBodyOf, jsonBodyOf, pngFile, renderStudio, setUpStudioScreens, startedJob, studioApi } from '../test/fixtures';

setUpStudioScreens();
beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});

type Handlers = Parameters<typeof studioApi>[1];

async function openStudio(path = '/studio', credits = 25, overrides: Handlers = {}) {
  const fetchMock = mockApi(studioApi(credits, overrides));
  const view = renderStudio(path);
  const prompt = await screen.findByRole('textbox', { name: 'Prompt' });
  await waitFor(() => expect(screen.getByTestId('studio-balance')).toHaveTextContent(`Balance: ${credits.toLocaleString('en-US')} credit`));
  return { fetchMock, prompt, ...view };
}

/** Pastes the prompt (typing it key by key is slow with MUI and adds nothing here). */
async function typePrompt(user: ReturnType<typeof userEvent.setup>, prompt: HTMLElement, text: string) {
  await user.click(prompt);
  await user.paste(text);
}

const generateButton = () => screen.getByRole('button', { name: 'Generate' });
const slider = () => screen.getByRole('slider', { name: 'Variations' });

async function chooseQuality(user: ReturnType<typeof userEvent.setup>, label: RegExp) {
  await user.click(screen.getByRole('combobox', { name: 'Quality' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('studio form', { timeout: 60_000 }, () => {
  it('shows the title, the subtitle and both tabs, with the content-policy scan on by default', async () => {
    await openStudio();

    expect(screen.getByRole('heading', { name: 'Image Generation Studio' })).toBeInTheDocument();
    expect(screen.getByText('Create brand-consistent assets with AI in seconds')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Single Generation' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Bulk Generation' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('heading', { name: 'Generate Image' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Preview' })).toBeInTheDocument();
    expect(screen.getByText('Your generated image will appear here')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Scan for content policy compliance' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Quality' })).toHaveTextContent('Medium (2 credits per image)');
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveTextContent('Square (1024x1024)');
    expect(screen.getByTestId('credit-total')).toHaveTextContent('Total cost: 2 credits');
  });

  it('offers the sizes square, landscape and portrait, then the four ad placements in their own shape', async () => {
    const user = userEvent.setup();
    await openStudio();

    await user.click(screen.getByRole('combobox', { name: 'Size' }));
    const options = await screen.findAllByRole('option');
    // The group's heading (MUI's ListSubheader) carries no value: it is not a choice.
    expect(options.filter((option) => !option.hasAttribute('data-value')).map((option) => option.textContent)).toEqual(['Ad placements, drawn in their own shape']);
    expect(options.filter((option) => option.hasAttribute('data-value')).map((option) => option.textContent)).toEqual([
      'Square (1024x1024)',
      'Landscape (1536x1024)',
      'Portrait (1024x1536)',
      'Ad 1:1, Feed (1088x1088)',
      'Ad 4:5, Feed (1088x1360)',
      'Ad 9:16, Stories and Reels (1152x2048) · 3 credits per image',
      'Ad 1.91:1, Link ads (1376x720)',
    ]);
  });

  it('sends a placement as its own size, at the quality price when it is no larger than the standard sizes', async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio('/studio', 25, { 'POST /api/generate': startedJob() });

    await typePrompt(user, prompt, 'A feed ad for a red bottle');
    await user.click(screen.getByRole('combobox', { name: 'Size' }));
    await user.click(await screen.findByRole('option', { name: 'Ad 4:5, Feed (1088x1360)' }));
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveTextContent('Ad 4:5 (1088x1360)');
    expect(screen.getByTestId('credit-total')).toHaveTextContent('Total cost: 2 credits');
    expect(screen.queryByTestId('size-cost-note')).not.toBeInTheDocument();
    await user.click(generateButton());

    await waitFor(() => expect(jsonBodyOf(fetchMock, '/api/generate')).toMatchObject({ size: '1088x1360', quality: 'medium', variationCount: 1 }));
  });

  it('shows the price of a size larger than the standard ones before generating, and caps the slider by it', async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio('/studio', 7, { 'POST /api/generate': startedJob() });

    await typePrompt(user, prompt, 'A story ad for a red bottle');
    await user.click(screen.getByRole('combobox', { name: 'Size' }));
    await user.click(await screen.findByRole('option', { name: /^Ad 9:16/ }));
    expect(screen.getByTestId('size-cost-note')).toHaveTextContent('Larger than the standard sizes: 3 credits per image at Medium quality instead of 2.');
    expect(screen.getByRole('combobox', { name: 'Quality' })).toHaveTextContent('Medium (3 credits per image)');
    // 7 credits at 3 each → at most 2
    expect(slider()).toHaveAttribute('aria-valuemax', '2');
    fireEvent.change(slider(), { target: { value: '2' } });
    expect(screen.getByTestId('credit-total')).toHaveTextContent('Total cost: 6 credits');

    await chooseQuality(user, /^High/);
    expect(screen.getByTestId('size-cost-note')).toHaveTextContent('6 credits per image at High quality instead of 4.');
    expect(slider()).toHaveAttribute('aria-valuemax', '1');
    expect(screen.getByTestId('credit-total')).toHaveTextContent('Total cost: 6 credits');

    await chooseQuality(user, /^Low/);
    await user.click(generateButton());
    await waitFor(() => expect(jsonBodyOf(fetchMock, '/api/generate')).toMatchObject({ size: '1152x2048', quality: 'low' }));
  });

  it('refuses a prompt under 5 characters and a declined content-policy scan, without calling the server', async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio();

    await typePrompt(user, prompt, ' abc ');
    await user.click(generateButton());
    expect(await screen.findByText('Prompt must be at least 5 characters')).toBeInTheDocument();

    await user.clear(prompt);
    await typePrompt(user, prompt, 'A red bottle');
    await user.click(screen.getByRole('checkbox', { name: 'Scan for content policy compliance' }));
    await user.click(generateButton());
    expect(await screen.findByText('Content policy scan is required. Please accept the terms.')).toBeInTheDocument();
    expect(screen.queryByText('Prompt must be at least 5 characters')).not.toBeInTheDocument();

    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('caps the variation slider at credits ÷ cost per image and totals the cost', async () => {
    const user = userEvent.setup();
    await openStudio('/studio', 5);

    // medium: 2 credits each → at most 2
    expect(slider()).toHaveAttribute('aria-valuemax', '2');
    fireEvent.change(slider(), { target: { value: '10' } });
    expect(slider()).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByText('Variations: 2')).toBeInTheDocument();
    expect(screen.getByTestId('credit-total')).toHaveTextContent('Total cost: 4 credits');

    // low: 1 credit each → at most 5
    await chooseQuality(user, /^Low/);
    expect(slider()).toHaveAttribute('aria-valuemax', '5');
    fireEvent.change(slider(), { target: { value: '5' } });
    expect(screen.getByTestId('credit-total')).toHaveTextContent('Total cost: 5 credits');

    // high: 4 credits each → at most 1, and the chosen 5 comes down to 1
    await chooseQuality(user, /^High/);
    expect(slider()).toHaveAttribute('aria-valuemax', '1');
    await waitFor(() => expect(screen.getByText('Variations: 1')).toBeInTheDocument());
    expect(screen.getByTestId('credit-total')).toHaveTextContent('Total cost: 4 credits');
    expect(screen.queryByTestId('not-enough-credits')).not.toBeInTheDocument();
    expect(generateButton()).toBeEnabled();
  });

  it('never lets the slider pass 10 variations', async () => {
    await openStudio('/studio', 1000);
    expect(slider()).toHaveAttribute('aria-valuemax', '10');
    expect(slider()).toHaveAttribute('aria-valuemin', '1');
  });

  it('blocks submit with the not-enough-credits messages until the selection is affordable', async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio('/studio', 1);

    expect(screen.getByTestId('not-enough-credits')).toHaveTextContent('Not enough credits. You need 2 credits, but you only have 1.');
    expect(screen.getByText('You have 1 credits; lower variations or top-up.')).toBeInTheDocument();
    await typePrompt(user, prompt, 'A red bottle on a table');
    expect(generateButton()).toBeDisabled();
    // Even a submit that goes around the disabled button sends nothing.
    await act(async () => {
      fireEvent.submit(generateButton().closest('form')!);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);

    await chooseQuality(user, /^Low/);
    expect(screen.queryByTestId('not-enough-credits')).not.toBeInTheDocument();
    expect(screen.queryByText('You have 1 credits; lower variations or top-up.')).not.toBeInTheDocument();
    expect(generateButton()).toBeEnabled();
  });

  it('sends the JSON request to /api/generate with the form values', async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio('/studio', 25, { 'POST /api/generate': startedJob() });

    await typePrompt(user, prompt, 'A red bottle on a table');
    await user.click(screen.getByRole('combobox', { name: 'Size' }));
    await user.click(await screen.findByRole('option', { name: 'Landscape (1536x1024)' }));
    fireEvent.change(slider(), { target: { value: '3' } });
    await user.click(generateButton());

    await waitFor(() => expect(jsonBodyOf(fetchMock, '/api/generate')).toEqual({
      prompt: 'A red bottle on a table',
      quality: 'medium',
      size: '1536x1024',
      brand_profile_id: null,
      reference_images: [],
      variationCount: 3,
      contentPolicyScan: true,
    }));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/generate')!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' } });
    expect(await screen.findByText('Generation started')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();
  });

  it("sends the chosen ad formats with 'Also make ad formats'", async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio('/studio', 25, { 'POST /api/generate': startedJob() });
    expect(screen.queryByRole('checkbox', { name: 'Story 9:16' })).not.toBeInTheDocument();
    await typePrompt(user, prompt, 'A red bottle on a table');
    await user.click(screen.getByRole('checkbox', { name: 'Also make ad formats' }));
    for (const name of ['Square 1:1', 'Portrait 4:5', 'Story 9:16', 'Landscape 1.91:1']) expect(screen.getByRole('checkbox', { name })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Square 1:1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Landscape 1.91:1' }));
    await user.click(generateButton());
    await waitFor(() => expect(jsonBodyOf(fetchMock, '/api/generate')).toMatchObject({ prompt: 'A red bottle on a table', formats: ['4:5', '9:16'] }));
  });

  it('sends a prompt containing TEST to /api/generate/test', async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio('/studio', 25, { 'POST /api/generate/test': startedJob() });

    await typePrompt(user, prompt, 'TEST a red bottle');
    await user.click(generateButton());

    await waitFor(() => expect(jsonBodyOf(fetchMock, '/api/generate/test')).toMatchObject({ prompt: 'TEST a red bottle' }));
    expect(fetchMock).not.toHaveBeenCalledWith('/api/generate', expect.anything());
    expect(screen.queryByTestId('provider-warning')).not.toBeInTheDocument();
  });

  it.each([
    ['answers isConfigured false', { body: { isConfigured: false, apiName: 'OpenAI', features: ['test-images'] } }, 'OpenAI is not configured'],
    ['fails', { status: 500, body: { message: 'boom' } }, 'OpenAI is not configured'],
  ])('warns and sends the prompt as written to the test endpoint when the provider status %s', async (_, status, warning) => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio('/studio', 25, {
      'GET /api/openai/status': status,
      'POST /api/generate/test': startedJob(),
    });

    expect(await screen.findByTestId('provider-warning')).toHaveTextContent(warning);
    expect(screen.getByTestId('provider-warning')).toHaveTextContent('Test images are drawn locally instead, and marked as test images.');
    expect(screen.getByTestId('provider-warning')).not.toHaveTextContent('TEST');
    expect(screen.getByTestId('provider-warning')).not.toHaveTextContent('Local renderer');
    await typePrompt(user, prompt, 'A red bottle on a table');
    await user.click(generateButton());

    await waitFor(() => expect(jsonBodyOf(fetchMock, '/api/generate/test')).toMatchObject({ prompt: 'A red bottle on a table' }));
    expect(fetchMock).not.toHaveBeenCalledWith('/api/generate', expect.anything());
  });

  it('sends reference images as multipart to /api/studio with the files under `images`', async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio('/studio', 25, { 'POST /api/studio': startedJob() });

    await user.upload(screen.getByTestId('reference-images-input'), [pngFile('one.png'), new File(['x'], 'two.jpg', { type: 'image/jpeg' })]);
    expect(await screen.findByRole('button', { name: 'Remove one.png' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove two.jpg' })).toBeInTheDocument();
    await typePrompt(user, prompt, 'TEST a red bottle');
    await user.click(screen.getByRole('combobox', { name: 'Brand Profile' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Brand' }));
    await user.click(generateButton());

    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/studio', expect.anything()));
    const form = formBodyOf(fetchMock, '/api/studio');
    expect((form.getAll('images') as File[]).map((file) => file.name)).toEqual(['one.png', 'two.jpg']);
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'images'))).toEqual({
      prompt: 'TEST a red bottle',
      quality: 'medium',
      size: '1024x1024',
      variationCount: '1',
      contentPolicyScan: 'true',
      brandProfileId: 'bp-1',
    });
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/studio')!;
    expect(init?.headers).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/generate/test', expect.anything());
  });

  it('keeps at most 4 reference images and says so', async () => {
    const user = userEvent.setup();
    await openStudio();

    await user.upload(screen.getByTestId('reference-images-input'), [pngFile('1.png'), pngFile('2.png'), pngFile('3.png')]);
    await screen.findByRole('button', { name: 'Remove 3.png' });
    await user.upload(screen.getByTestId('reference-images-input'), [pngFile('4.png'), pngFile('5.png')]);

    expect(await screen.findByText('Maximum images reached')).toBeInTheDocument();
    expect(screen.getByText('You can only upload up to 4 reference images')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Reference images' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Remove 5.png' })).not.toBeInTheDocument();
  });

  it('refuses other file types and files over 10 MB', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await openStudio();

    const big = pngFile('big.png');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(screen.getByTestId('reference-images-input'), [new File(['x'], 'anim.gif', { type: 'image/gif' }), big]);

    const errors = await screen.findByTestId('reference-images-errors');
    expect(errors).toHaveTextContent(/anim\.gif: File type must be/);
    expect(errors).toHaveTextContent('big.png: File is larger than 10485760 bytes');
    expect(screen.queryByRole('list', { name: 'Reference images' })).not.toBeInTheDocument();
  });

  it('preselects the brand profile of ?brandId= and sends it', async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio('/studio?brandId=bp-2', 25, { 'POST /api/generate': startedJob() });

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Brand Profile' })).toHaveTextContent('Nova Skincare'));
    await typePrompt(user, prompt, 'A red bottle on a table');
    await user.click(generateButton());

    await waitFor(() => expect(jsonBodyOf(fetchMock, '/api/generate')).toMatchObject({ brand_profile_id: 'bp-2' }));
  });

  it('fills the prompt from ?prompt= (Generate Similar in the library)', async () => {
    const { prompt } = await openStudio('/studio?prompt=Neon%20sign%20for%20a%20caf%C3%A9&brandId=bp-2');
    expect(prompt).toHaveValue('Neon sign for a café');
  });

  it('waits for the brand list before generating for ?brandId=, and says so while it cannot be loaded', async () => {
    const user = userEvent.setup();
    let listOk = false;
    const { fetchMock, prompt } = await openStudio('/studio?brandId=bp-2', 25, {
      [BRAND_LIST]: () => (listOk ? { body: [{ id: 'bp-2', name: 'Nova Skincare' }] } : { status: 503, body: { statusCode: 503, message: 'Service Unavailable' } }),
      'POST /api/generate': startedJob(),
    });

    expect(await screen.findByTestId('generate-waiting')).toHaveTextContent('The brand profiles could not be loaded; trying again...');
    expect(generateButton()).toBeDisabled();
    await typePrompt(user, prompt, 'A red bottle on a table');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/generate', expect.anything());

    listOk = true;
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Brand Profile' })).toHaveTextContent('Nova Skincare'), { timeout: 10_000 });
    expect(screen.queryByTestId('generate-waiting')).not.toBeInTheDocument();
    await user.click(generateButton());
    await waitFor(() => expect(jsonBodyOf(fetchMock, '/api/generate')).toMatchObject({ brand_profile_id: 'bp-2' }));
  });

  it('says so when the profile of ?brandId= does not exist, and generates without it', async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio('/studio?brandId=deleted-profile', 25, { 'POST /api/generate': startedJob() });

    expect(await screen.findByTestId('brand-notice')).toHaveTextContent('The brand profile in the link was not found');
    expect(screen.getByRole('combobox', { name: 'Brand Profile' })).toHaveTextContent('None');
    await typePrompt(user, prompt, 'A red bottle on a table');
    await user.click(generateButton());
    await waitFor(() => expect(jsonBodyOf(fetchMock, '/api/generate')).toMatchObject({ brand_profile_id: null }));
  });

  it('without ?brandId= a failing brand list leaves None only and generating works', async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio('/studio', 25, {
      [BRAND_LIST]: { status: 404, body: { statusCode: 404, message: 'Cannot GET /api/brand-profiles' } },
      'POST /api/generate': startedJob(),
    });

    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(BRAND_LIST.slice(4), expect.objectContaining({ cache: 'no-store' })));
    expect(screen.getByRole('combobox', { name: 'Brand Profile' })).toHaveTextContent('None');
    await typePrompt(user, prompt, 'A red bottle on a table');
    await user.click(generateButton());
    await waitFor(() => expect(jsonBodyOf(fetchMock, '/api/generate')).toMatchObject({ brand_profile_id: null }));
  });

  it('shows a refusal as an alert, a destructive toast and in the preview (402)', async () => {
    const user = userEvent.setup();
    const message = 'Not enough credits. You need 8 credits, but you only have 5.';
    const { prompt, fetchMock } = await openStudio('/studio', 25, {
      'POST /api/generate': { status: 402, body: { statusCode: 402, message, error: 'Payment Required' } },
    });

    await typePrompt(user, prompt, 'A red bottle on a table');
    await user.click(generateButton());

    expect(await screen.findByTestId('generation-error')).toHaveTextContent(`Failed to generate image: ${message}`);
    const toastTitle = await screen.findByText('Generation failed', { selector: 'li *' });
    expect(toastTitle.closest('li')).toHaveAttribute('data-variant', 'destructive');
    expect(toastTitle.closest('li')).toHaveTextContent(message);
    expect(screen.getByTestId('preview-error')).toHaveTextContent(message);
    expect(generateButton()).toBeEnabled();
    expect(FakeEventSource.instances).toHaveLength(0);
    // The balance shown was stale: it is read again.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/credits/balance')).toHaveLength(2));
  });
});
