import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../test/utils';
import { AdEngineContext } from '../engine/adEngine';
import { mockApi, testEngine } from '../test/testEngine';
import { BrandKitSection, KIT_MESSAGES } from './BrandKitSection';

const PROFILE = {
  id: 'brand-1',
  name: 'Acme',
  description: null,
  brand_data: { colors: { primary: '#0A3D62', secondary: '#F6E58D', accent: '#E55039' }, fonts: { heading: 'oswald', body: 'lora' } },
  asset_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  source_images: [],
};

async function renderKit() {
  renderScreen(
    <AdEngineContext.Provider value={testEngine([246, 229, 141])}>
      <BrandKitSection brandProfileId="brand-1" />
    </AdEngineContext.Provider>,
  );
  return within(await screen.findByRole('region', { name: 'Brand kit' }));
}

describe('BrandKitSection', () => {
  it('shows each logo in its own shape, sets the fonts through the profile, and draws a sample ad in the brand’s look', async () => {
    const api = mockApi({
      'GET /api/brand-profiles/brand-1': { body: { ...PROFILE, logos: [{ id: 'logo-1', variant: 'default', url: '/api/brand-profiles/brand-1/logos/default', width: 400, height: 100 }] } },
      'GET /api/fonts': { body: { fonts: [{ id: 'inter', family: 'Inter', category: 'sans' }, { id: 'oswald', family: 'Oswald', category: 'condensed' }, { id: 'lora', family: 'Lora', category: 'serif' }] } },
      'PATCH /api/brand-profiles/brand-1': { body: PROFILE },
    });
    const kit = await renderKit();
    expect(await kit.findByRole('img', { name: 'Default logo' })).toHaveAttribute('src', '/api/brand-profiles/brand-1/logos/default');
    expect(kit.getByRole('button', { name: 'Delete default logo' })).toBeInTheDocument();
    expect(kit.queryByRole('button', { name: 'Delete light logo' })).not.toBeInTheDocument();

    await waitFor(() => expect(kit.getByLabelText('Heading font')).toHaveValue('oswald'));
    expect(kit.getByLabelText('Body font')).toHaveValue('lora');
    await userEvent.selectOptions(kit.getByLabelText('Heading font'), 'Inter (sans)');
    await waitFor(() => expect(api.to('PATCH', '/api/brand-profiles/brand-1')).toHaveLength(1));
    expect(api.to('PATCH', '/api/brand-profiles/brand-1')[0].body).toEqual({ brand_data: { fonts: { heading: 'inter', body: 'lora' } } });

    const sample = kit.getByRole('img', { name: /Sample ad preview/ });
    // The brand's primary colour is the sample's band, and its logo is drawn.
    await waitFor(() => expect(within(sample).getByTestId('ad-overlay').innerHTML).toContain('fill="#0a3d62"'));
    expect(within(sample).getByTestId('ad-overlay').innerHTML).toContain('href="/api/brand-profiles/brand-1/logos/default"');
  });

  it('still lists fonts and says logos cannot be uploaded where the server has no kit routes yet', async () => {
    mockApi({
      'GET /api/brand-profiles/brand-1': { body: PROFILE },
      'GET /api/fonts': { status: 404, body: { message: 'Cannot GET /api/fonts' } },
      'POST /api/brand-profiles/brand-1/logos': { status: 404, body: { message: 'Cannot POST' } },
    });
    const kit = await renderKit();
    await waitFor(() => expect(kit.getByLabelText('Heading font')).toHaveValue('oswald'));
    expect(within(kit.getByLabelText('Heading font')).getAllByRole('option').length).toBe(12);
    const lightLogo = kit.getByLabelText('Light (for dark backgrounds) logo file');
    // The picker offers only what the server takes: no SVG.
    expect(lightLogo).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    await userEvent.upload(lightLogo, new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await kit.findByText(KIT_MESSAGES.logosUnavailable)).toBeInTheDocument();
  });
});
