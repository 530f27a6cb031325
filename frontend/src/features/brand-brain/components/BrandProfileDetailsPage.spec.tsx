import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '../../../lib/toast';
import { mockApi, renderApp } from '../../../test/utils';
import { brandApi, callsTo, jsonBody, LIST, makeProfile, pending, renderBrandBrain } from '../test/fixtures';

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => act(() => dismissToast()));

const GET = 'GET /api/brand-profiles/bp-1';
const PATCH = 'PATCH /api/brand-profiles/bp-1';
const user = () => userEvent.setup({ delay: null });

describe('brand profile details', () => {
  it('shows a spinner while loading', async () => {
    mockApi(brandApi([], { [GET]: () => pending() }));
    renderBrandBrain('/brand-profile-details/bp-1');

    expect(await screen.findByRole('progressbar', { name: 'Loading brand profile' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Brand Profile Details' })).not.toBeInTheDocument();
  });

  it("shows 'Error loading brand profile: {message}' with a link back", async () => {
    mockApi(brandApi([], { [GET]: { status: 500, body: { statusCode: 500, message: 'Database unavailable', error: 'Internal Server Error' } } }));
    const { router } = renderBrandBrain('/brand-profile-details/bp-1');

    expect(await screen.findByText('Error loading brand profile: Database unavailable')).toBeInTheDocument();
    await user().click(screen.getByRole('link', { name: 'Back to Brand Brain' }));
    expect(router.state.location.pathname).toBe('/brand-brain');
  });

  it("shows 'Brand profile not found' for an unknown id, with a link back", async () => {
    mockApi(brandApi([], { [GET]: { status: 404, body: { statusCode: 404, message: 'Brand profile not found', error: 'Not Found' } } }));
    renderBrandBrain('/brand-profile-details/bp-1');

    expect(await screen.findByText('Brand profile not found')).toBeInTheDocument();
    expect(screen.queryByText(/Error loading brand profile/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Brand Brain' })).toHaveAttribute('href', '/brand-brain');
  });

  it("shows 'Brand profile not found' when the answer is empty", async () => {
    mockApi(brandApi([], { [GET]: { status: 200 } }));
    renderBrandBrain('/brand-profile-details/bp-1');

    expect(await screen.findByText('Brand profile not found')).toBeInTheDocument();
  });

  it('shows the profile: created date, name, description, colours, palette, visual style and personality', async () => {
    mockApi(
      brandApi([], {
        [GET]: {
          body: makeProfile({
            created_at: '2026-01-05T12:30:00.000Z',
            brand_data: {
              ...makeProfile().brand_data,
              colors: { primary: '#6F4E37', secondary: '#F5E6CC', accent: '' },
              palette: [
                { hex: '#6F4E37', proportion: 0.62 },
                { hex: '#F5E6CC', proportion: 0.38 },
              ],
            },
          }),
        },
      }),
    );
    renderBrandBrain('/brand-profile-details/bp-1');

    expect(await screen.findByRole('heading', { name: 'Brand Profile Details' })).toBeInTheDocument();
    expect(screen.getByTestId('brand-profile-created')).toHaveTextContent(/^Created January 5, 2026 at \d{1,2}:\d{2}\s?[AP]M$/);
    expect(screen.getByRole('heading', { name: 'Acme Coffee' })).toBeInTheDocument();
    expect(screen.getByTestId('brand-profile-description')).toHaveTextContent('Warm, handcrafted coffee for busy mornings');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Name' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Brand Data' })).toBeInTheDocument();

    const palette = screen.getByRole('region', { name: 'Color Palette' });
    expect(within(palette).getByTestId('brand-color-primary')).toHaveAttribute('data-color', '#6F4E37');
    expect(within(palette).getByTestId('brand-color-primary-value')).toHaveTextContent('#6F4E37');
    expect(within(palette).getByTestId('brand-color-secondary-value')).toHaveTextContent('#F5E6CC');
    expect(within(palette).queryByTestId('brand-color-accent')).not.toBeInTheDocument();
    expect(within(palette).getAllByTestId('palette-entry').map((e) => e.textContent)).toEqual(['#6F4E37 62%', '#F5E6CC 38%']);

    const style = screen.getByRole('region', { name: 'Visual Style' });
    expect(within(style).getByTestId('field-tone')).toHaveTextContent('Warm, Friendly');
    expect(within(style).getByTestId('field-image-style')).toHaveTextContent('Natural light photography');
    const personality = screen.getByRole('region', { name: 'Brand Personality' });
    for (const tag of ['Warm', 'Crafted', 'Honest', 'Playful']) expect(within(personality).getByText(tag)).toBeInTheDocument();
  });

  it("falls back to 'Not specified', 'No personality tags specified', 'No description provided' and 'Unknown date'", async () => {
    mockApi(brandApi([], { [GET]: { body: makeProfile({ description: null, created_at: null, brand_data: { visualStyle: { tone: '' } } }) } }));
    renderBrandBrain('/brand-profile-details/bp-1');

    expect(await screen.findByTestId('brand-profile-created')).toHaveTextContent(/^Created Unknown date$/);
    expect(screen.getByTestId('brand-profile-description')).toHaveTextContent(/^No description provided$/);
    const style = screen.getByRole('region', { name: 'Visual Style' });
    expect(within(style).getByTestId('field-tone')).toHaveTextContent(/^Not specified$/);
    expect(within(style).getByTestId('field-image-style')).toHaveTextContent(/^Not specified$/);
    expect(screen.getByText('No personality tags specified')).toBeInTheDocument();
    expect(screen.queryByTestId('brand-color-primary')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('palette-entry')).toHaveLength(0);
  });

  it("shows 'Invalid date' for an unreadable created date", async () => {
    mockApi(brandApi([], { [GET]: { body: makeProfile({ created_at: 'not a date' }) } }));
    renderBrandBrain('/brand-profile-details/bp-1');

    expect(await screen.findByTestId('brand-profile-created')).toHaveTextContent(/^Created Invalid date$/);
  });

  it('Back returns to the page the user came from', async () => {
    mockApi(brandApi([makeProfile()], { [GET]: { body: makeProfile() } }));
    const { router } = renderBrandBrain('/brand-brain');
    await user().click(await screen.findByRole('button', { name: 'View Details' }));
    expect(await screen.findByRole('heading', { name: 'Brand Profile Details' })).toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: 'Back' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/brand-brain'));
  });
});

describe('renaming on the details page', () => {
  async function rename(text: string | null) {
    await user().click(await screen.findByRole('button', { name: 'Edit Name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Name' });
    const input = within(dialog).getByRole('textbox', { name: 'Brand Profile Name' });
    expect(input).toHaveValue('Acme Coffee');
    if (text === null) {
      await user().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    } else {
      await user().clear(input);
      if (text) {
        await user().click(input);
        await user().paste(text);
      }
      await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    }
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }

  it.each([
    ['cancelled', null],
    ['blank after trimming', '   '],
    ['unchanged', ' Acme Coffee '],
  ])('ignores a prompt that is %s', async (_, text) => {
    const fetchMock = mockApi(brandApi([], { [GET]: { body: makeProfile() } }));
    renderBrandBrain('/brand-profile-details/bp-1');

    await rename(text);

    expect(callsTo(fetchMock, PATCH)).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Acme Coffee' })).toBeInTheDocument();
  });

  it('saves the trimmed name and reloads the profile', async () => {
    let name = 'Acme Coffee';
    const fetchMock = mockApi(
      brandApi([], {
        [GET]: () => ({ body: makeProfile({ name }) }),
        [PATCH]: (init) => {
          name = (JSON.parse(String(init?.body)) as { name: string }).name;
          return { body: makeProfile({ name }) };
        },
      }),
    );
    renderBrandBrain('/brand-profile-details/bp-1');

    await rename('  Acme Roasters  ');

    expect(await screen.findByRole('heading', { name: 'Acme Roasters' })).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, PATCH)[0])).toEqual({ name: 'Acme Roasters' });
    expect(callsTo(fetchMock, GET).length).toBeGreaterThanOrEqual(2);
  });

  it("shows 'Failed to update profile name: {message}' when the server refuses", async () => {
    mockApi(
      brandApi([], {
        [GET]: { body: makeProfile() },
        [PATCH]: { status: 400, body: { statusCode: 400, message: 'Name must be at least 2 characters', error: 'Bad Request' } },
      }),
    );
    renderBrandBrain('/brand-profile-details/bp-1');

    await rename('X');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile name: Name must be at least 2 characters');
    expect(screen.getByRole('heading', { name: 'Acme Coffee' })).toBeInTheDocument();
  });
});

describe('Brand Brain routes', () => {
  it('/brand-brain/{id} shows the details screen inside the app shell', async () => {
    mockApi(brandApi([], { [GET]: { body: makeProfile() } }));
    renderApp('/brand-brain/bp-1');

    expect(await screen.findByRole('heading', { name: 'Brand Profile Details' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Acme Coffee' })).toBeInTheDocument();
  });

  it('/brand-profile-details/{id} shows the details screen inside the app shell', async () => {
    mockApi(brandApi([], { [GET]: { body: makeProfile() } }));
    renderApp('/brand-profile-details/bp-1');

    expect(await screen.findByRole('heading', { name: 'Acme Coffee' })).toBeInTheDocument();
  });

  it('/brand-brain shows the list inside the app shell', async () => {
    mockApi(brandApi([makeProfile()]));
    renderApp('/brand-brain');

    expect(await screen.findByRole('article', { name: 'Acme Coffee' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Brand Brain' })).toBeInTheDocument();
  });

  it('/brand-brain/new opens the create dialog over the list; closing it leaves /brand-brain', async () => {
    const fetchMock = mockApi(brandApi([makeProfile()]));
    const router = renderApp('/brand-brain/new');

    const dialog = await screen.findByRole('dialog', { name: 'Create Brand Profile' });
    expect(within(dialog).getByRole('tab', { name: 'Manual' })).toHaveAttribute('aria-selected', 'true');
    expect(callsTo(fetchMock, LIST).length).toBeGreaterThanOrEqual(1);

    await user().click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/brand-brain'));
    expect(await screen.findByRole('article', { name: 'Acme Coffee' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('/brand-brain/new?tab=extract opens the extract tab', async () => {
    mockApi(brandApi([makeProfile()]));
    renderBrandBrain('/brand-brain/new?tab=extract');

    const dialog = await screen.findByRole('dialog', { name: 'Create Brand Profile' });
    expect(within(dialog).getByRole('tab', { name: 'Extract' })).toHaveAttribute('aria-selected', 'true');
  });
});
