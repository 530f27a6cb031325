import { datedProfileName } from '@brandloom/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '../../../lib/i18n/translate';
import { dismissToast } from '../../../lib/toast';
import { mockApi } from '../../../test/utils';
import { brandApi, callsTo, imageFile, jsonBody, LIST, makeProfile, pending, renderBrandBrain } from '../test/fixtures';

// This screen's dialogs are large MUI trees; give slow machines room beyond the 10 s default.
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => act(() => dismissToast()));

const CREATE = 'POST /api/brand-profiles';
const EXTRACT = 'POST /api/brand-profiles/extract';
const user = () => userEvent.setup({ applyAccept: false, delay: null });

/** Replaces a field's text in one input event (typing key by key is slow on a busy machine). */
async function fill(input: HTMLElement, text: string) {
  const u = user();
  await u.clear(input);
  await u.click(input);
  await u.paste(text);
}

async function openDialog(tab: 'Manual' | 'Extract' = 'Manual') {
  await user().click(await screen.findByRole('button', { name: 'New Brand Profile' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Brand Profile' });
  if (tab === 'Extract') await user().click(within(dialog).getByRole('tab', { name: 'Extract' }));
  return dialog;
}

/** An extraction takes 3 to 5 images: `first` and two more. */
/** Clicks 'Extract Brand Information' once the chosen files have enabled it (on a busy machine that can take a moment). */
async function clickExtract(dialog: HTMLElement) {
  const button = within(dialog).getByRole('button', { name: 'Extract Brand Information' });
  await waitFor(() => expect(button).toBeEnabled());
  await user().click(button);
}

function withTwoMore(first: File): File[] {
  return [first, imageFile('guide.png'), imageFile('campaign.jpg', 10, 'image/jpeg')];
}

function bigFile(name: string, megabytes: number): File {
  const file = imageFile(name, 16);
  Object.defineProperty(file, 'size', { value: megabytes * 1024 * 1024 });
  return file;
}

function selected(dialog: HTMLElement): Array<string | null> {
  const list = within(dialog).queryByRole('list', { name: 'Selected images' });
  return list ? within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label')) : [];
}

describe('create dialog: manual tab', () => {
  it('starts on the manual tab with the default colours', async () => {
    mockApi(brandApi([makeProfile()]));
    renderBrandBrain();
    const dialog = await openDialog();

    expect(within(dialog).getByRole('tab', { name: 'Manual' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Primary color' })).toHaveValue('#0066FF');
    expect(within(dialog).getByRole('textbox', { name: 'Secondary color' })).toHaveValue('#111827');
    expect(within(dialog).getByRole('textbox', { name: 'Accent color' })).toHaveValue('');
  });

  it("shows the product's validation messages and sends nothing", async () => {
    const fetchMock = mockApi(brandApi([makeProfile()]));
    renderBrandBrain();
    const dialog = await openDialog();

    await fill(within(dialog).getByRole('textbox', { name: 'Name' }), ' A ');
    await fill(within(dialog).getByRole('textbox', { name: 'Primary color' }), '#12345');
    await fill(within(dialog).getByRole('textbox', { name: 'Accent color' }), 'blue');
    await user().click(within(dialog).getByRole('button', { name: 'Create Brand Profile' }));

    expect(await within(dialog).findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Must be a valid hex color code')).toHaveLength(2);
    expect(within(dialog).getByRole('textbox', { name: 'Primary color' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Secondary color' })).toHaveAttribute('aria-invalid', 'false');
    expect(within(dialog).getByRole('textbox', { name: 'Accent color' })).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, CREATE)).toHaveLength(0);
  });

  it('creates the profile, toasts, closes, refreshes the list and reopens on the manual tab', async () => {
    let created = false;
    const fetchMock = mockApi(
      brandApi([], {
        [LIST]: () => ({ body: created ? [makeProfile({ id: 'new', name: 'Nova Skincare' })] : [] }),
        [CREATE]: () => {
          created = true;
          return { status: 201, body: makeProfile({ id: 'new', name: 'Nova Skincare' }) };
        },
      }),
    );
    renderBrandBrain();
    expect(await screen.findByText('No brand profiles yet')).toBeInTheDocument();
    const dialog = await openDialog();

    await fill(within(dialog).getByRole('textbox', { name: 'Name' }), 'Nova Skincare');
    await fill(within(dialog).getByRole('textbox', { name: 'Description' }), 'Clean beauty');
    fireEvent.change(within(dialog).getByLabelText('Accent color picker'), { target: { value: '#ff8800' } });
    await fill(within(dialog).getByRole('textbox', { name: 'Font family' }), 'Lato');
    await fill(within(dialog).getByRole('textbox', { name: 'Tone' }), 'Calm');
    const tags = within(dialog).getByRole('textbox', { name: 'Brand personality' });
    await fill(tags, 'Gentle, Pure');
    await user().type(tags, '{Enter}');
    expect(within(dialog).getByRole('textbox', { name: 'Accent color' })).toHaveValue('#FF8800');
    await user().click(within(dialog).getByRole('button', { name: 'Create Brand Profile' }));

    expect(await screen.findByText('Brand profile created')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, CREATE)[0])).toEqual({
      name: 'Nova Skincare',
      description: 'Clean beauty',
      brand_data: {
        colors: { primary: '#0066FF', secondary: '#111827', accent: '#FF8800' },
        typography: { fontFamily: 'Lato' },
        visualStyle: { tone: 'Calm' },
        brandPersonality: ['Gentle', 'Pure'],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Nova Skincare' })).toBeInTheDocument();

    const again = await openDialog();
    expect(within(again).getByRole('tab', { name: 'Manual' })).toHaveAttribute('aria-selected', 'true');
    expect(within(again).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it("shows the server's refusal (the plan's profile limit) and stays open", async () => {
    const limit = 'Your plan includes 1 brand profile(s). Upgrade to add more.';
    mockApi(brandApi([makeProfile()], { [CREATE]: { status: 403, body: { statusCode: 403, message: limit, error: 'Forbidden' } } }));
    renderBrandBrain();
    const dialog = await openDialog();

    await fill(within(dialog).getByRole('textbox', { name: 'Name' }), 'Second brand');
    await user().click(within(dialog).getByRole('button', { name: 'Create Brand Profile' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(limit);
    expect(screen.getByRole('dialog', { name: 'Create Brand Profile' })).toBeInTheDocument();
  });
});

describe('create dialog: extract tab, choosing images', () => {
  it('shows the picker, the note and the chosen images with their sizes; remove and Clear All', async () => {
    const created: string[] = [];
    const revoked: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
      created.push((file as File).name);
      return `blob:${(file as File).name}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
    mockApi(brandApi([makeProfile()]));
    renderBrandBrain();
    const dialog = await openDialog('Extract');

    expect(within(dialog).getByText('Upload brand assets')).toBeVisible();
    expect(within(dialog).getByText('Free and Pro plans are limited to 25 brand extractions per day')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Extract Brand Information' })).toBeDisabled();

    await user().upload(screen.getByTestId('brand-assets-input'), [imageFile('logo.png', 2048), imageFile('hero.jpg', 3 * 1024 * 1024, 'image/jpeg')]);

    // The dropzone reads the dropped files asynchronously before it adds them.
    await waitFor(() => expect(selected(dialog)).toEqual(['logo.png', 'hero.jpg']));
    const logo = within(dialog).getByRole('listitem', { name: 'logo.png' });
    expect(within(logo).getByRole('img', { name: 'logo.png' })).toHaveAttribute('src', 'blob:logo.png');
    expect(within(logo).getByTestId('brand-asset-size')).toHaveTextContent('2.0 KB');
    expect(within(within(dialog).getByRole('listitem', { name: 'hero.jpg' })).getByTestId('brand-asset-size')).toHaveTextContent('3.0 MB');
    // 3 to 5 images.
    expect(within(dialog).getByRole('button', { name: 'Extract Brand Information' })).toBeDisabled();
    expect(await within(dialog).findByTestId('brand-asset-count')).toHaveTextContent('2 of 3 to 5 images added. Add 3 to 5 images of your brand to extract it.');
    await user().upload(screen.getByTestId('brand-assets-input'), [imageFile('guide.png')]);
    await waitFor(() => expect(within(dialog).queryByTestId('brand-asset-count')).not.toBeInTheDocument());
    expect(within(dialog).getByRole('button', { name: 'Extract Brand Information' })).toBeEnabled();

    await user().click(within(dialog).getByRole('button', { name: 'Remove logo.png' }));
    expect(selected(dialog)).toEqual(['hero.jpg', 'guide.png']);
    expect(within(dialog).getByRole('button', { name: 'Extract Brand Information' })).toBeDisabled();
    await waitFor(() => expect(revoked).toContain('blob:logo.png'));

    await user().click(within(dialog).getByRole('button', { name: 'Clear All' }));
    expect(selected(dialog)).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Extract Brand Information' })).toBeDisabled();
  });

  it("refuses files that are not images: 'Invalid file type'", async () => {
    mockApi(brandApi([makeProfile()]));
    renderBrandBrain();
    const dialog = await openDialog('Extract');

    await user().upload(screen.getByTestId('brand-assets-input'), [new File(['hello'], 'notes.txt', { type: 'text/plain' }), imageFile('logo.png')]);

    expect(await within(dialog).findByTestId('brand-asset-issues')).toHaveTextContent('Invalid file type: notes.txt is not an image');
    expect(selected(dialog)).toEqual(['logo.png']);
  });

  it("keeps at most 5 images: 'Too many images'", async () => {
    mockApi(brandApi([makeProfile()]));
    renderBrandBrain();
    const dialog = await openDialog('Extract');

    await user().upload(screen.getByTestId('brand-assets-input'), ['1', '2', '3', '4'].map((n) => imageFile(`${n}.png`)));
    await waitFor(() => expect(selected(dialog)).toHaveLength(4));
    await user().upload(screen.getByTestId('brand-assets-input'), [imageFile('5.png'), imageFile('6.png')]);

    expect(await within(dialog).findByTestId('brand-asset-issues')).toHaveTextContent(/^Too many images: .*6\.png was not added$/);
    await waitFor(() => expect(selected(dialog)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.png']));
    expect(within(dialog).getByText('Logos, style guides, product shots: 3 to 5 images, 10.0 MB in total (maximum reached)')).toBeInTheDocument();
  });

  it('states the image rules in the language of the interface', async () => {
    mockApi(brandApi([makeProfile()]));
    renderBrandBrain();
    const dialog = await openDialog('Extract');
    await act(() => switchLanguage('de'));
    expect(await within(dialog).findByText('Logos, Styleguides, Produktfotos: 3 bis 5 Bilder, insgesamt 10,0 MB')).toBeInTheDocument();
  });

  it("skips a file whose name is already chosen: 'Duplicate file'", async () => {
    mockApi(brandApi([makeProfile()]));
    renderBrandBrain();
    const dialog = await openDialog('Extract');

    await user().upload(screen.getByTestId('brand-assets-input'), [imageFile('logo.png', 100)]);
    await waitFor(() => expect(selected(dialog)).toEqual(['logo.png']));
    await user().upload(screen.getByTestId('brand-assets-input'), [imageFile('logo.png', 200), imageFile('guide.png')]);

    await waitFor(() => expect(selected(dialog)).toEqual(['logo.png', 'guide.png']));
    expect(within(dialog).getByTestId('brand-asset-issues')).toHaveTextContent('Duplicate file: logo.png is already selected');
  });

  it("keeps the total at 10 MB: 'Files too large'", async () => {
    mockApi(brandApi([makeProfile()]));
    renderBrandBrain();
    const dialog = await openDialog('Extract');

    await user().upload(screen.getByTestId('brand-assets-input'), [bigFile('a.png', 6), bigFile('b.png', 4), bigFile('c.png', 1)]);

    await waitFor(() => expect(selected(dialog)).toEqual(['a.png', 'b.png']));
    expect(within(dialog).getByTestId('brand-asset-issues')).toHaveTextContent(/^Files too large: .*c\.png \(1\.0 MB\) was not added$/);
  });
});

describe('create dialog: extracting', () => {
  it('sends the images as data URLs with their names; a created profile toasts, closes the dialog and refreshes the list', async () => {
    let created = false;
    const profile = makeProfile({ id: 'ext', name: 'Brand Profile - Jan 5' });
    const fetchMock = mockApi(
      brandApi([], {
        [LIST]: () => ({ body: created ? [profile] : [] }),
        [EXTRACT]: () => {
          created = true;
          return { body: { profile, autoCreateFailed: false, brandData: profile.brand_data, brandDataId: 'ext-1' } };
        },
      }),
    );
    renderBrandBrain();
    expect(await screen.findByText('No brand profiles yet')).toBeInTheDocument();
    const dialog = await openDialog('Extract');

    await user().upload(screen.getByTestId('brand-assets-input'), [imageFile('logo.png'), imageFile('guide.png'), imageFile('shot.jpg', 10, 'image/jpeg')]);
    await clickExtract(dialog);

    expect(await screen.findByText('Brand profile created')).toBeInTheDocument();
    const body = jsonBody(callsTo(fetchMock, EXTRACT)[0]) as { imageUrls: string[]; fileNames: string[] };
    expect(body.fileNames).toEqual(['logo.png', 'guide.png', 'shot.jpg']);
    expect(body.imageUrls).toHaveLength(3);
    expect(body.imageUrls[0]).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(body.imageUrls[2]).toMatch(/^data:image\/jpeg;base64,/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Brand Profile - Jan 5' })).toBeInTheDocument();

    // After a success the dialog is back on the manual tab.
    const again = await openDialog();
    expect(within(again).getByRole('tab', { name: 'Manual' })).toHaveAttribute('aria-selected', 'true');
    expect(within(again).getByRole('tab', { name: 'Extract' })).toHaveAttribute('aria-selected', 'false');
  });

  it('shows progress while extracting', async () => {
    mockApi(brandApi([makeProfile()], { [EXTRACT]: () => pending() }));
    renderBrandBrain();
    const dialog = await openDialog('Extract');

    await user().upload(screen.getByTestId('brand-assets-input'), withTwoMore(imageFile('logo.png')));
    await clickExtract(dialog);

    expect(await within(dialog).findByText('Analyzing your brand images...')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Extract Brand Information' })).toBeDisabled();
  });

  it('prefills the manual form when the profile was not created automatically, and saving keeps the extraction', async () => {
    const limit = 'Your plan includes 1 brand profile(s). Upgrade to add more.';
    const palette = [
      { hex: '#AA0000', proportion: 0.5 },
      { hex: '#00AA00', proportion: 0.3 },
      { hex: '#0000AA', proportion: 0.2 },
    ];
    const fetchMock = mockApi(
      brandApi([makeProfile()], {
        [EXTRACT]: {
          body: {
            profile: null,
            autoCreateFailed: true,
            autoCreateError: limit,
            brandData: {
              colors: { primary: '#AA0000', secondary: '#00AA00', accent: '#0000AA' },
              typography: { fontFamily: 'Lato', headingStyle: 'Uppercase sans' },
              visualStyle: { tone: 'Bold', imageStyle: 'Flat illustration' },
              brandPersonality: ['Energetic', 'Direct'],
              palette,
              dominant_colors: ['#AA0000', '#00AA00', '#0000AA'],
              metadata: { industry: 'Sports' },
            },
            brandDataId: '7d8e4a8e-3c55-4b7c-9a3e-1f2d3c4b5a69',
            name: 'acme logo',
            description: 'A bold sports brand',
          },
        },
        [CREATE]: { status: 201, body: makeProfile({ id: 'p2', name: 'acme logo' }) },
      }),
    );
    renderBrandBrain();
    const dialog = await openDialog('Extract');

    await user().upload(screen.getByTestId('brand-assets-input'), withTwoMore(imageFile('acme_logo.png')));
    await clickExtract(dialog);

    // The plan's limit is the reason: the toast says it, not "try again".
    expect(await screen.findByText('Brand extracted, but no profile was created')).toBeInTheDocument();
    expect(screen.queryByText(/Please try again/)).toBeNull();
    await waitFor(() => expect(within(dialog).getByRole('tab', { name: 'Manual' })).toHaveAttribute('aria-selected', 'true'));
    expect(within(dialog).getByTestId('brand-prefill-notice')).toHaveTextContent(limit);
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('acme logo');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('A bold sports brand');
    expect(within(dialog).getByRole('textbox', { name: 'Primary color' })).toHaveValue('#AA0000');
    expect(within(dialog).getByRole('textbox', { name: 'Secondary color' })).toHaveValue('#00AA00');
    expect(within(dialog).getByRole('textbox', { name: 'Accent color' })).toHaveValue('#0000AA');
    expect(within(dialog).getByRole('textbox', { name: 'Font family' })).toHaveValue('Lato');
    expect(within(dialog).getByRole('textbox', { name: 'Heading style' })).toHaveValue('Uppercase sans');
    expect(within(dialog).getByRole('textbox', { name: 'Tone' })).toHaveValue('Bold');
    expect(within(dialog).getByRole('textbox', { name: 'Image style' })).toHaveValue('Flat illustration');
    expect(within(dialog).getByTestId('personality-tags')).toHaveTextContent('EnergeticDirect');

    await user().click(within(dialog).getByRole('button', { name: 'Create Brand Profile' }));

    expect(await screen.findByText('Brand profile created')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, CREATE)[0])).toEqual({
      name: 'acme logo',
      description: 'A bold sports brand',
      brandDataId: '7d8e4a8e-3c55-4b7c-9a3e-1f2d3c4b5a69',
      brand_data: {
        colors: { primary: '#AA0000', secondary: '#00AA00', accent: '#0000AA' },
        typography: { fontFamily: 'Lato', headingStyle: 'Uppercase sans' },
        visualStyle: { tone: 'Bold', imageStyle: 'Flat illustration' },
        brandPersonality: ['Energetic', 'Direct'],
        palette,
        metadata: { industry: 'Sports' },
      },
    });
  });

  it("prefills from the extraction's palette, typography and visual style when it found no colour roles, and names it by date (several files)", async () => {
    mockApi(
      brandApi([makeProfile()], {
        [EXTRACT]: {
          body: {
            profile: null,
            autoCreateFailed: true,
            brandData: {
              dominant_colors: ['#123456', '#abcdef'],
              palette: [{ hex: '#123456', proportion: 0.6 }, { hex: '#abcdef', proportion: 0.4 }],
              typography: { fontFamily: 'Roboto' },
              visualStyle: { imageStyle: 'Minimal', tone: 'Calm' },
            },
            brandDataId: null,
          },
        },
      }),
    );
    renderBrandBrain();
    const dialog = await openDialog('Extract');

    await user().upload(screen.getByTestId('brand-assets-input'), withTwoMore(imageFile('acme_brand-logo.png')));
    await clickExtract(dialog);

    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue(datedProfileName()));
    expect(within(dialog).getByRole('textbox', { name: 'Primary color' })).toHaveValue('#123456');
    expect(within(dialog).getByRole('textbox', { name: 'Secondary color' })).toHaveValue('#ABCDEF');
    expect(within(dialog).getByRole('textbox', { name: 'Accent color' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Font family' })).toHaveValue('Roboto');
    expect(within(dialog).getByRole('textbox', { name: 'Image style' })).toHaveValue('Minimal');
    expect(within(dialog).getByRole('textbox', { name: 'Tone' })).toHaveValue('Calm');
  });

  it("toasts 'Extraction failed' with the server's message (the daily limit) and stays open", async () => {
    const message = 'You have reached the limit of 25 brand extractions per day on your plan. Try again tomorrow or upgrade.';
    mockApi(brandApi([makeProfile()], { [EXTRACT]: { status: 429, body: { statusCode: 429, message, error: 'Too Many Requests' } } }));
    renderBrandBrain();
    const dialog = await openDialog('Extract');

    await user().upload(screen.getByTestId('brand-assets-input'), withTwoMore(imageFile('logo.png')));
    await clickExtract(dialog);

    const title = await screen.findByText('Extraction failed');
    expect(title.closest('li')).toHaveAttribute('data-variant', 'destructive');
    expect(title.closest('li')).toHaveTextContent(message);
    expect(within(dialog).getByTestId('brand-extraction-error')).toHaveTextContent(message);
    expect(selected(dialog)).toEqual(['logo.png', 'guide.png', 'campaign.jpg']);
  });

  it("falls back to 'Failed to extract brand information from images' without a server message", async () => {
    mockApi(brandApi([makeProfile()], { [EXTRACT]: { status: 502 } }));
    renderBrandBrain();
    const dialog = await openDialog('Extract');

    await user().upload(screen.getByTestId('brand-assets-input'), withTwoMore(imageFile('logo.png')));
    await clickExtract(dialog);

    expect(await screen.findByText('Extraction failed')).toBeInTheDocument();
    expect(within(dialog).getByTestId('brand-extraction-error')).toHaveTextContent(/^Failed to extract brand information from images$/);
  });

  it("skips images that are not image data URLs ('Invalid image') and sends nothing when none remain", async () => {
    const fetchMock = mockApi(brandApi([makeProfile()]));
    renderBrandBrain();
    const dialog = await openDialog('Extract');

    await user().upload(screen.getByTestId('brand-assets-input'), [new File([], 'empty.png', { type: 'image/png' }), new File([], 'empty2.png', { type: 'image/png' }), new File([], 'empty3.png', { type: 'image/png' })]);
    await clickExtract(dialog);

    expect(await within(dialog).findByTestId('brand-asset-issues')).toHaveTextContent('Invalid image: empty.png could not be read as an image');
    expect(within(dialog).getByTestId('brand-extraction-error')).toHaveTextContent('No valid image URLs after sanitization...');
    expect(await screen.findByText('Extraction failed')).toBeInTheDocument();
    expect(callsTo(fetchMock, EXTRACT)).toHaveLength(0);
  });

  it('sends only the valid images when some are invalid', async () => {
    const fetchMock = mockApi(brandApi([makeProfile()], { [EXTRACT]: () => pending() }));
    renderBrandBrain();
    const dialog = await openDialog('Extract');

    await user().upload(screen.getByTestId('brand-assets-input'), [new File([], 'empty.png', { type: 'image/png' }), ...withTwoMore(imageFile('logo.png'))]);
    await clickExtract(dialog);

    await waitFor(() => expect(callsTo(fetchMock, EXTRACT)).toHaveLength(1));
    expect((jsonBody(callsTo(fetchMock, EXTRACT)[0]) as { fileNames: string[] }).fileNames).toEqual(['logo.png', 'guide.png', 'campaign.jpg']);
    expect(within(dialog).getByTestId('brand-asset-issues')).toHaveTextContent('Invalid image: empty.png');
  });
});

describe('create dialog: the plan limits, before the action', () => {
  const USAGE = 'GET /api/brand-profiles/usage';
  const starter = (profiles: number, extractions: number) => ({
    body: { plan_tier: 'Starter', profiles: { used: profiles, limit: 1 }, extractions: { usedToday: extractions, limit: 25 } },
  });

  it("shows the plan's limits on the page, linking to the plans", async () => {
    mockApi(brandApi([], { [USAGE]: starter(0, 3) }));
    renderBrandBrain();
    const summary = await screen.findByTestId('brand-plan-limits');
    expect(summary).toHaveTextContent('Starter plan: 0 of 1 brand profile used · 3 of 25 extractions today · Compare plans');
    expect(within(summary).getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/billing');
  });

  it('with its one profile in use, a Starter user is told why on both tabs before uploading, with a link to the plans, and neither action is offered', async () => {
    const fetchMock = mockApi(brandApi([makeProfile()], { [USAGE]: starter(1, 0) }));
    renderBrandBrain();
    const dialog = await openDialog('Extract');
    const notice = await within(dialog).findByTestId('plan-limit-profiles');
    expect(notice).toHaveTextContent('Your plan includes 1 brand profile, and it is in use. Agency includes 10 and Team+ includes unlimited');
    expect(within(notice).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing');
    expect(within(dialog).getByRole('button', { name: 'Extract Brand Information' })).toBeDisabled();

    await user().click(within(dialog).getByRole('tab', { name: 'Manual' }));
    expect(within(dialog).getByTestId('plan-limit-profiles')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Create Brand Profile' })).toBeDisabled();
    expect(callsTo(fetchMock, CREATE)).toHaveLength(0);
  });

  it("with today's extractions used up, the extract tab says so and links to the plans; creating by hand stays offered", async () => {
    mockApi(brandApi([], { [USAGE]: starter(0, 25) }));
    renderBrandBrain();
    const dialog = await openDialog('Extract');
    const notice = await within(dialog).findByTestId('plan-limit-extractions');
    expect(notice).toHaveTextContent('You have reached the limit of 25 brand extractions per day on your plan. Try again tomorrow, or upgrade to Agency or Team+');
    expect(within(notice).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing');
    expect(within(dialog).getByRole('button', { name: 'Extract Brand Information' })).toBeDisabled();
    await user().click(within(dialog).getByRole('tab', { name: 'Manual' }));
    expect(within(dialog).getByRole('button', { name: 'Create Brand Profile' })).toBeEnabled();
  });
});
