import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '../../../lib/toast';
import { mockApi } from '../../../test/utils';
import { fetchBrandProfileList } from '../../../lib/brandProfiles';
import { brandApi, callsTo, LIST, makeProfile, pending, renderBrandBrain, USER } from '../test/fixtures';

// This screen's dialogs are large MUI trees; give slow machines room beyond the 10 s default.
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => act(() => dismissToast()));

const cards = () => screen.getAllByTestId('brand-profile-card');
const card = (name: string) => screen.getByRole('article', { name });

describe('/brand-brain list', () => {
  it('shows the title, the subtitle and 3 skeleton cards while the list loads', async () => {
    mockApi(brandApi([], { [LIST]: () => pending() }));
    renderBrandBrain();

    expect(screen.getByRole('heading', { level: 2, name: 'Brand Brain' })).toBeInTheDocument();
    expect(screen.getByText('Create and manage your brand profiles for consistent AI generation')).toBeInTheDocument();
    expect(await screen.findAllByTestId('brand-profile-skeleton')).toHaveLength(3);
    expect(screen.queryByText('No brand profiles yet')).not.toBeInTheDocument();
  });

  it('asks for the list with the user id and no-cache headers, and only once a user id exists', async () => {
    let signIn: (reply: { body: unknown }) => void = () => {};
    const fetchMock = mockApi(
      brandApi([makeProfile()], { 'GET /api/auth/user': () => new Promise((resolve) => (signIn = resolve)) }),
    );
    renderBrandBrain();

    expect(await screen.findAllByTestId('brand-profile-skeleton')).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/brand-profiles'))).toHaveLength(0);

    act(() => signIn({ body: USER }));

    expect(await screen.findByRole('article', { name: 'Acme Coffee' })).toBeInTheDocument();
    const [init] = callsTo(fetchMock, LIST);
    expect(new Headers(init?.headers).get('Cache-Control')).toBe('no-cache');
    expect(init?.credentials).toBe('include');
  });

  it('shows the error state when the list cannot be read', async () => {
    mockApi(brandApi([], { [LIST]: { status: 500, body: { statusCode: 500, message: 'boom', error: 'Internal Server Error' } } }));
    renderBrandBrain();

    expect(await screen.findByText('Error loading brand profiles. Please try again.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('brand-profile-card')).toHaveLength(0);
    expect(screen.queryByText('No brand profiles yet')).not.toBeInTheDocument();
  });

  it("rejects a failed read with 'Failed to fetch brand profiles: {status} {body}'", async () => {
    mockApi({ [LIST]: { status: 503, body: { message: 'down' } } });
    await expect(fetchBrandProfileList(USER.id)).rejects.toThrow('Failed to fetch brand profiles: 503 {"message":"down"}');
  });

  it('shows the empty state', async () => {
    mockApi(brandApi([]));
    renderBrandBrain();

    expect(await screen.findByText('No brand profiles yet')).toBeInTheDocument();
    expect(
      screen.getByText("Create your first brand profile to ensure AI-generated images match your brand's visual identity."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create manually' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Extract from image' })).toBeInTheDocument();
    expect(screen.queryAllByTestId('brand-profile-card')).toHaveLength(0);
  });

  it("opens the create dialog on the manual tab from 'Create manually'", async () => {
    mockApi(brandApi([]));
    renderBrandBrain();

    await userEvent.click(await screen.findByRole('button', { name: 'Create manually' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Brand Profile' });
    expect(within(dialog).getByRole('tab', { name: 'Manual' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBeVisible();
  });

  it("opens the create dialog on the extract tab from 'Extract from image'", async () => {
    mockApi(brandApi([]));
    renderBrandBrain();

    await userEvent.click(await screen.findByRole('button', { name: 'Extract from image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Brand Profile' });
    expect(within(dialog).getByRole('tab', { name: 'Extract' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByText('Upload brand assets')).toBeVisible();
    expect(within(dialog).queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });

  it('shows a card per profile: colour band, up to 3 tags, name, description, asset count and update date', async () => {
    mockApi(brandApi([makeProfile(), makeProfile({ id: 'bp-2', name: 'Nova', asset_count: 1 })]));
    renderBrandBrain();

    await waitFor(() => expect(cards()).toHaveLength(2));
    const acme = card('Acme Coffee');
    expect(within(acme).getByTestId('brand-color-primary')).toHaveAttribute('data-color', '#6F4E37');
    expect(within(acme).getByTestId('brand-color-secondary')).toHaveAttribute('data-color', '#F5E6CC');
    expect(within(acme).getByTestId('brand-color-accent')).toHaveAttribute('title', 'Accent: #D35400');
    expect(within(acme).getByTestId('brand-color-band')).not.toHaveAttribute('data-empty');
    expect(within(acme).getByText('Warm')).toBeInTheDocument();
    expect(within(acme).getByText('Crafted')).toBeInTheDocument();
    expect(within(acme).getByText('Honest')).toBeInTheDocument();
    expect(within(acme).queryByText('Playful')).not.toBeInTheDocument();
    expect(within(acme).getByRole('heading', { name: 'Acme Coffee' })).toBeInTheDocument();
    expect(within(acme).getByTestId('brand-profile-description')).toHaveTextContent('Warm, handcrafted coffee for busy mornings');
    expect(within(acme).getByTestId('brand-profile-assets')).toHaveTextContent('12 assets');
    expect(within(acme).getByTestId('brand-profile-updated')).toHaveTextContent('Updated 3 days ago');
    expect(within(acme).getByRole('button', { name: 'Delete Acme Coffee' })).toBeInTheDocument();
    expect(within(acme).getByRole('button', { name: 'Edit name of Acme Coffee' })).toBeInTheDocument();
    expect(within(card('Nova')).getByTestId('brand-profile-assets')).toHaveTextContent('1 asset');
  });

  it("falls back to 'Tone: {tone}', then 'No description provided', '0 assets' and the default band", async () => {
    mockApi(
      brandApi([
        makeProfile({ id: 'a', name: 'Toned', description: '  ', brand_data: { visualStyle: { tone: 'Bold' }, colors: { primary: '#112233', accent: '' } } }),
        makeProfile({ id: 'b', name: 'Bare', description: null, brand_data: null, asset_count: undefined }),
      ]),
    );
    renderBrandBrain();

    await waitFor(() => expect(cards()).toHaveLength(2));
    const toned = card('Toned');
    expect(within(toned).getByTestId('brand-profile-description')).toHaveTextContent(/^Tone: Bold$/);
    expect(within(toned).getByTestId('brand-color-primary')).toHaveAttribute('data-color', '#112233');
    expect(within(toned).queryByTestId('brand-color-secondary')).not.toBeInTheDocument();
    expect(within(toned).queryByTestId('brand-color-accent')).not.toBeInTheDocument();

    const bare = card('Bare');
    expect(within(bare).getByTestId('brand-profile-description')).toHaveTextContent(/^No description provided$/);
    expect(within(bare).getByTestId('brand-profile-assets')).toHaveTextContent(/^0 assets$/);
    expect(within(bare).getByTestId('brand-color-band')).toHaveAttribute('data-empty', 'true');
    expect(within(bare).queryByTestId('brand-color-primary')).not.toBeInTheDocument();
  });

  it("'View Details' opens /brand-profile-details/{id} and 'Use in Studio' opens /studio?brandId={id}", async () => {
    mockApi(brandApi([makeProfile({ id: 'bp-9' })], { 'GET /api/brand-profiles/bp-9': { body: makeProfile({ id: 'bp-9' }) } }));
    const { router } = renderBrandBrain();

    await userEvent.click(await screen.findByRole('button', { name: 'Use in Studio' }));
    expect(router.state.location.pathname).toBe('/studio');
    expect(router.state.location.search).toBe('?brandId=bp-9');

    await act(() => router.navigate('/brand-brain'));
    await userEvent.click(await screen.findByRole('button', { name: 'View Details' }));
    expect(router.state.location.pathname).toBe('/brand-profile-details/bp-9');
    expect(await screen.findByRole('heading', { name: 'Brand Profile Details' })).toBeInTheDocument();
  });

  it("shows the 'Understanding Brand Profiles' section with three cards", async () => {
    mockApi(brandApi([]));
    renderBrandBrain();

    const section = screen.getByRole('region', { name: 'Understanding Brand Profiles' });
    expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'What are brand profiles?',
      'Why use them?',
      'How to create them',
    ]);
    expect(within(section).getByText(/extract them automatically by uploading your logo, style guide/)).toBeInTheDocument();
  });
});

describe('/brand-brain refresh', () => {
  afterEach(() => vi.useRealTimers());

  it('refetches the list every 5 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetchMock = mockApi(brandApi([makeProfile()]));
    renderBrandBrain();

    expect(await screen.findByRole('article', { name: 'Acme Coffee' })).toBeInTheDocument();
    expect(callsTo(fetchMock, LIST)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(callsTo(fetchMock, LIST)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(callsTo(fetchMock, LIST)).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(callsTo(fetchMock, LIST)).toHaveLength(3));
  });

  it('never treats the list as fresh: coming back to the page reads it again at once', async () => {
    // Polling held back, so only staleness can explain the second read.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetchMock = mockApi(brandApi([makeProfile()], { 'GET /api/brand-profiles/bp-1': { body: makeProfile() } }));
    const { router } = renderBrandBrain();
    expect(await screen.findByRole('article', { name: 'Acme Coffee' })).toBeInTheDocument();
    expect(callsTo(fetchMock, LIST)).toHaveLength(1);

    await act(() => router.navigate('/brand-profile-details/bp-1'));
    expect(await screen.findByRole('heading', { name: 'Brand Profile Details' })).toBeInTheDocument();
    await act(() => router.navigate('/brand-brain'));

    await waitFor(() => expect(callsTo(fetchMock, LIST)).toHaveLength(2));
  });
});

describe('renaming a profile from its card', () => {
  async function openRename() {
    await userEvent.click(await screen.findByRole('button', { name: 'Edit name of Acme Coffee' }));
    return screen.findByRole('dialog', { name: 'Edit Brand Profile Name' });
  }

  it('saves the new name, toasts and refreshes the list', async () => {
    let renamed = false;
    const fetchMock = mockApi(
      brandApi([], {
        [LIST]: () => ({ body: [makeProfile({ name: renamed ? 'Acme Roasters' : 'Acme Coffee' })] }),
        'PATCH /api/brand-profiles/bp-1': () => {
          renamed = true;
          return { body: makeProfile({ name: 'Acme Roasters' }) };
        },
      }),
    );
    renderBrandBrain();
    const dialog = await openRename();

    const input = within(dialog).getByRole('textbox', { name: 'Brand Profile Name' });
    expect(input).toHaveValue('Acme Coffee');
    expect(input).toHaveAttribute('placeholder', 'Enter a name for this brand profile');
    await userEvent.clear(input);
    await userEvent.type(input, '  Acme Roasters ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Brand profile updated')).toBeInTheDocument();
    expect(screen.getByText('The brand profile name has been successfully updated.')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH /api/brand-profiles/bp-1')[0]?.body))).toEqual({ name: 'Acme Roasters' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Acme Roasters' })).toBeInTheDocument();
  });

  it("shows 'Saving...' while pending", async () => {
    mockApi(brandApi([makeProfile()], { 'PATCH /api/brand-profiles/bp-1': () => pending() }));
    renderBrandBrain();
    const dialog = await openRename();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Brand Profile Name' }), ' Co');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
  });

  it("toasts 'Failed to update brand profile' with the server's message and keeps the dialog open", async () => {
    mockApi(
      brandApi([makeProfile()], {
        'PATCH /api/brand-profiles/bp-1': { status: 400, body: { statusCode: 400, message: 'Name must be at most 200 characters', error: 'Bad Request' } },
      }),
    );
    renderBrandBrain();
    const dialog = await openRename();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Brand Profile Name' }), '!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Failed to update brand profile')).toBeInTheDocument();
    expect(screen.getByText('Name must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Brand Profile Name' })).toBeInTheDocument();
  });

  it('refuses a name under 2 characters without asking the server; Cancel closes', async () => {
    const fetchMock = mockApi(brandApi([makeProfile()]));
    renderBrandBrain();
    const dialog = await openRename();

    const input = within(dialog).getByRole('textbox', { name: 'Brand Profile Name' });
    await userEvent.clear(input);
    await userEvent.type(input, ' A ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/brand-profiles/bp-1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('deleting a profile from its card', () => {
  it('asks for confirmation, deletes, toasts and refreshes the list', async () => {
    let deleted = false;
    const fetchMock = mockApi(
      brandApi([], {
        [LIST]: () => ({ body: deleted ? [] : [makeProfile()] }),
        'DELETE /api/brand-profiles/bp-1': () => {
          deleted = true;
          return { status: 204 };
        },
      }),
    );
    renderBrandBrain();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Acme Coffee' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this brand profile? This action cannot be undone.');
    expect(callsTo(fetchMock, 'DELETE /api/brand-profiles/bp-1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Brand profile deleted')).toBeInTheDocument();
    expect(screen.getByText('The brand profile has been successfully deleted.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/brand-profiles/bp-1')).toHaveLength(1);
    expect(await screen.findByText('No brand profiles yet')).toBeInTheDocument();
  });

  it('does nothing when cancelled', async () => {
    const fetchMock = mockApi(brandApi([makeProfile()]));
    renderBrandBrain();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Acme Coffee' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE /api/brand-profiles/bp-1')).toHaveLength(0);
    expect(screen.getByRole('article', { name: 'Acme Coffee' })).toBeInTheDocument();
  });

  it("toasts 'Failed to delete brand profile' with the message", async () => {
    mockApi(
      brandApi([makeProfile()], {
        'DELETE /api/brand-profiles/bp-1': { status: 404, body: { statusCode: 404, message: 'Brand profile not found', error: 'Not Found' } },
      }),
    );
    renderBrandBrain();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Acme Coffee' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    const title = await screen.findByText('Failed to delete brand profile');
    expect(title.closest('li')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('Brand profile not found')).toBeInTheDocument();
  });
});
