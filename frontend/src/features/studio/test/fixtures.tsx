import type { GenerationVariationDto, ProviderStatusDto } from '@brandloom/contracts';
import { assetFileUrl, assetThumbnailUrl } from '@brandloom/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { createQueryClient } from '../../../lib/queryClient';
import { dismissToast } from '../../../lib/toast';
import { makeUser, mockApi, renderScreen, signedInApi, type Reply } from '../../../test/utils';
import BulkGenerationPage from '../components/BulkGenerationPage';
import StudioPage from '../components/StudioPage';
import { autoLoadImages } from './autoLoadImages';
import { FakeEventSource } from './FakeEventSource';

export const USER = makeUser({ id: 'user-1' });
export const BRAND_PROFILES = [
  { id: 'bp-1', name: 'Acme Brand', brand_data: { colors: { primary: '#0066FF' } } },
  { id: 'bp-2', name: 'Nova Skincare', brand_data: {} },
];
export const BRAND_LIST = `GET /api/brand-profiles?userId=${USER.id}`;
export const CONFIGURED: ProviderStatusDto = { isConfigured: true, apiName: 'OpenAI', features: ['text-to-image'] };

type Handler = Parameters<typeof mockApi>[0][string];

/** The calls the studio makes for a signed-in member with `credits`, a configured provider and two brand profiles. */
export function studioApi(credits = 25, overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...signedInApi(USER, credits),
    'GET /api/openai/status': { body: CONFIGURED },
    [BRAND_LIST]: { body: BRAND_PROFILES },
    ...overrides,
  };
}

export function variation(index: number, jobId = 'job-1'): GenerationVariationDto {
  const key = `org-1/generations/${jobId}/${index}.png`;
  return {
    id: `${jobId}-asset-${index}`,
    index,
    s3Key: key,
    apiProxyUrl: assetFileUrl(key),
    directUrl: assetFileUrl(key),
    publicUrl: assetFileUrl(key),
    preview: assetThumbnailUrl(key),
    width: 1024,
    height: 1024,
  };
}

/** The 201 answer of a generate route: the job at once, no image yet. */
export function startedJob(jobId = 'job-1', extra: Record<string, unknown> = {}): Reply {
  return {
    status: 201,
    body: {
      job: { id: jobId, status: 'queued', progress: 0 },
      generationId: jobId,
      status: 'queued',
      creditsRemaining: 23,
      imageUrl: null,
      variations: [],
      ...extra,
    },
  };
}

export function completedEvent(count: number, jobId = 'job-1') {
  const variations = Array.from({ length: count }, (_, i) => variation(i, jobId));
  return {
    generationId: jobId,
    progress: 100,
    message: 'Image ready!',
    imageUrl: variations[0].apiProxyUrl,
    apiUrl: variations[0].apiProxyUrl,
    directUrl: variations[0].directUrl,
    directImageUrl: variations[0].directUrl,
    variations,
    creditsRefunded: 0,
  };
}

/**
 * The studio's two screens (single at /studio, bulk at /studio/bulk, so its tabs can move between
 * them) with the app's providers, imported up front rather than through the lazy routes and shell.
 */
export function renderStudio(path: string, queryClient: QueryClient = createQueryClient()) {
  return renderScreen(<StudioPage />, {
    path,
    route: '/studio',
    routes: [{ path: '/studio/bulk', element: <BulkGenerationPage /> }],
    queryClient,
  });
}

/**
 * A suite that drives the studio's screens: each test's images load as in a browser, its progress
 * streams are FakeEventSources it answers, and no toast is left for the next one.
 */
export function setUpStudioScreens(): void {
  let stopLoadingImages = () => {};
  beforeEach(() => {
    stopLoadingImages = autoLoadImages();
  });
  afterEach(() => stopLoadingImages());
  afterEach(() => act(() => dismissToast()));
  beforeEach(() => FakeEventSource.install());
}

/** The JSON body of the call to `url` (the last one). */
export function jsonBodyOf(fetchMock: ReturnType<typeof mockApi>, url: string): Record<string, unknown> {
  const call = [...fetchMock.mock.calls].reverse().find(([input]) => String(input) === url);
  if (!call) throw new Error(`${url} was not called`);
  return JSON.parse(String(call[1]?.body)) as Record<string, unknown>;
}

export function formBodyOf(fetchMock: ReturnType<typeof mockApi>, url: string): FormData {
  const call = [...fetchMock.mock.calls].reverse().find(([input]) => String(input) === url);
  if (!call) throw new Error(`${url} was not called`);
  const body = call[1]?.body;
  if (!(body instanceof FormData)) throw new Error(`${url} was not sent as FormData`);
  return body;
}

export function pngFile(name = 'reference.png', bytes = 128): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}
