import { makeUser, mockApi, renderScreen, signedInApi, type Reply } from '../../../test/utils';
import BrandBrainPage from '../components/BrandBrainPage';
import BrandProfileDetailsPage from '../components/BrandProfileDetailsPage';
import NewBrandProfilePage from '../components/NewBrandProfilePage';
import type { BrandProfileDto } from '@brandloom/contracts';

export const USER = makeUser({ id: 'user-1' });
export const LIST = `GET /api/brand-profiles?userId=${USER.id}`;

type Handler = Parameters<typeof mockApi>[0][string];

/**
 * A profile as the API sends it. Overrides may hold what the API should never send (null dates,
 * missing brand data), so the screens' fallbacks can be tested.
 */
export function makeProfile(overrides: { [K in keyof BrandProfileDto]?: BrandProfileDto[K] | null } = {}): BrandProfileDto {
  return {
    id: 'bp-1',
    name: 'Acme Coffee',
    description: 'Warm, handcrafted coffee for busy mornings',
    brand_data: {
      colors: { primary: '#6F4E37', secondary: '#F5E6CC', accent: '#D35400' },
      typography: { fontFamily: 'Inter, sans-serif', headingStyle: 'Bold serif' },
      visualStyle: { tone: 'Warm, Friendly', imageStyle: 'Natural light photography' },
      brandPersonality: ['Warm', 'Crafted', 'Honest', 'Playful'],
    },
    asset_count: 12,
    created_at: '2026-01-05T12:30:00.000Z',
    updated_at: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
    source_images: [],
    logos: [],
    ...overrides,
  } as BrandProfileDto;
}

/** The calls of a signed-in member on the Brand Brain screens, with `profiles` listed. */
export function brandApi(profiles: BrandProfileDto[] = [makeProfile()], overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return { ...signedInApi(USER), [LIST]: { body: profiles }, ...overrides };
}

/** A reply that never comes (a request still in flight). */
export function pending(): Promise<Reply> {
  return new Promise<Reply>(() => {});
}

/** The requests made to `key` ('METHOD /path'). */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, key: string): Array<RequestInit | undefined> {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key)
    .map(([, init]) => init);
}

export function jsonBody(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body));
}

/**
 * Renders the Brand Brain screens at `path` with the app's providers, imported up front (no lazy
 * chunks, no shell), with a stand-in studio page so 'Use in Studio' can be followed.
 */
export function renderBrandBrain(path = '/brand-brain') {
  return renderScreen(<BrandBrainPage />, {
    path,
    route: '/brand-brain',
    routes: [
      { path: '/brand-brain/new', element: <NewBrandProfilePage /> },
      { path: '/brand-brain/:id', element: <BrandProfileDetailsPage /> },
      { path: '/brand-profile-details/:id', element: <BrandProfileDetailsPage /> },
      { path: '/studio', element: <p>Studio page</p> },
    ],
  });
}

/** A PNG file of `size` bytes (content does not matter to the browser side). */
export function imageFile(name: string, size = 1024, type = 'image/png'): File {
  return new File([new Uint8Array(size).fill(7)], name, { type });
}
