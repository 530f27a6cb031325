import {
  LANGUAGES,
  META_REQUIRED_PLAN,
  META_STATUS_CACHE_MS,
  META_STATUS_POLL_MS,
  type AdDto,
  type Language,
  type MetaAuthUrlResponse,
  type MetaCampaignsResponse,
  type MetaPushAcceptedResponse,
  type MetaPushAdsRequest,
  type MetaPushAdsResponse,
  type MetaPushDto,
  type MetaPushesResponse,
  type MetaPushRequest,
  type MetaPushResponse,
  type MetaStatusResponse,
} from '@brandloom/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, errorAnswerText, errorCode, getErrorMessage, getQueryFn } from '../../../lib/api';
import { translate } from '../../../lib/i18n/translate';
import { useOrganizationId } from '../../../lib/auth';

/** The Meta integration's reads and writes, shared by the library and /settings/integrations. */

const STATUS_URL = '/api/meta/status';
const PUSHES_URL = '/api/meta/pushes';
const PUSH_POLL_MS = 1000;

export const metaStatusQueryKey = (organizationId: string | undefined) => [STATUS_URL, organizationId ?? ''] as const;
export const metaPushesQueryKey = [PUSHES_URL] as const;

/** Polled every 30 s, cached 15 minutes, refetched on mount; waits for the organization. */
export function useMetaStatus() {
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: metaStatusQueryKey(organizationId),
    queryFn: () => apiRequest<MetaStatusResponse>('GET', STATUS_URL),
    enabled: Boolean(organizationId),
    refetchInterval: META_STATUS_POLL_MS,
    gcTime: META_STATUS_CACHE_MS,
    refetchOnMount: 'always',
  });
}

/** The plan pushing needs when the organization's plan lacks it (shown on the push action itself), else null. */
export function useMetaPlanRequired(): string | null {
  const status = useMetaStatus();
  return status.data && !status.data.plan_allows ? META_REQUIRED_PLAN : null;
}

export function useMetaCampaigns(adAccountId: string | null) {
  return useQuery({
    queryKey: ['/api/meta/campaigns', adAccountId ?? ''],
    queryFn: () => apiRequest<MetaCampaignsResponse>('GET', `/api/meta/campaigns?adAccountId=${encodeURIComponent(adAccountId ?? '')}`),
    enabled: Boolean(adAccountId),
    retry: false,
  });
}

export function useMetaPushes() {
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: metaPushesQueryKey,
    queryFn: getQueryFn<MetaPushesResponse>({ on401: 'throw' }),
    enabled: Boolean(organizationId),
  });
}

export function refreshMetaQueries(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: [STATUS_URL] });
  void queryClient.invalidateQueries({ queryKey: metaPushesQueryKey });
}

export function useRefreshMetaQueries() {
  const queryClient = useQueryClient();
  return () => refreshMetaQueries(queryClient);
}

/** Sends the browser to Meta's login dialog. */
export async function connectMeta(): Promise<void> {
  const { loginUrl } = await apiRequest<MetaAuthUrlResponse>('GET', '/api/meta/auth-url');
  window.location.assign(loginUrl);
}

export const refreshMeta = () => apiRequest<MetaStatusResponse>('POST', '/api/meta/refresh');
export const disconnectMeta = () => apiRequest<{ message: string }>('POST', '/api/meta/disconnect');

/**
 * Pushes an asset; when the server answers 202 (the job is still running) follows the push until
 * it ends. Resolves with the ad id, rejects with the server's message.
 */
export async function pushToMeta(request: MetaPushRequest, onRunning?: () => void): Promise<{ adId: string; push: MetaPushDto | null }> {
  const answer = await apiRequest<MetaPushResponse | MetaPushAcceptedResponse>('POST', '/api/meta/push-asset', request);
  if ('adResult' in answer) return { adId: answer.adResult.id, push: answer.push ?? null };
  onRunning?.();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, PUSH_POLL_MS));
    const push = await apiRequest<MetaPushDto>('GET', `${PUSHES_URL}/${encodeURIComponent(answer.pushId)}`);
    if (push.status === 'completed' && push.adId) return { adId: push.adId, push };
    if (push.status === 'failed') throw new ApiError(502, JSON.stringify({ message: push.error ?? translate('meta.push.pushFailed'), code: push.errorCode ?? undefined }));
  }
}

/** Whether a push has ended (completed or failed). */
export const pushEnded = (push: MetaPushDto) => push.status === 'completed' || push.status === 'failed';

/**
 * Pushes 1 to 10 assets as ads of one ad set (POST /api/meta/push-ads), then follows each push
 * still under way until it ends; `onUpdate` gets every push's latest state as it changes.
 */
export async function pushAdsToMeta(request: MetaPushAdsRequest, onUpdate: (pushes: MetaPushDto[]) => void): Promise<MetaPushDto[]> {
  const answer = await apiRequest<MetaPushAdsResponse>('POST', '/api/meta/push-ads', request);
  let pushes = answer.pushes;
  onUpdate(pushes);
  while (pushes.some((push) => !pushEnded(push))) {
    await new Promise((resolve) => setTimeout(resolve, PUSH_POLL_MS));
    pushes = await Promise.all(pushes.map((push) => (pushEnded(push) ? push : apiRequest<MetaPushDto>('GET', `${PUSHES_URL}/${encodeURIComponent(push.id)}`))));
    onUpdate(pushes);
  }
  return pushes;
}

/**
 * What a Meta dialog shows for a failed call: the server's words in debug mode, else the
 * given `fallback`, except that a retired Graph API version is always named (retrying cannot help).
 */
export function metaErrorText(error: unknown, fallback: string, debug: boolean): string {
  if (debug) return serverErrorText(error, fallback);
  return errorCode(error) === 'meta_graph_retired' ? getErrorMessage(error, fallback) : fallback;
}

/** A failed push's reason: its code's words in the active language, else the server's message. */
export function pushFailureText(push: Pick<MetaPushDto, 'error' | 'errorCode'>): string {
  return errorAnswerText({ message: push.error, code: push.errorCode ?? undefined }, translate('meta.push.pushFailed'));
}

/** The `error` or `message` field of a failed call. */
export function serverErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : fallback;
  try {
    const body = JSON.parse(error.body) as { message?: unknown; error?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
    if (Array.isArray(body.message) && body.message.length) return body.message.join(', ');
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // not JSON
  }
  return fallback;
}

/** The language of an ad saved without one (as the server counts it): American English. */
const UNSET_LANGUAGE: Language = LANGUAGES[0];

/** One language of an ad: the asset its rendering is, and its language. */
export interface AdLanguageVersion {
  assetId: string;
  language: Language;
}

/**
 * The languages an ad asset is rendered in: its own first, then each translation (the newest
 * completed ad of the same picture, placement and layout in another language). Empty for an asset
 * that is no ad, or an ad without a translation.
 */
export function useAdLanguageVersions(assetId: string | null) {
  return useQuery({
    queryKey: ['/api/ads', 'language-versions', assetId],
    enabled: assetId !== null,
    retry: false,
    queryFn: async (): Promise<AdLanguageVersion[]> => {
      const asset = await apiRequest<{ parent_asset_id?: string | null; method?: string | null }>('GET', `/api/assets/${encodeURIComponent(assetId!)}`);
      if (asset.method !== 'ad' || !asset.parent_asset_id) return [];
      const { ads } = await apiRequest<{ ads: AdDto[] }>('GET', `/api/ads?assetId=${encodeURIComponent(asset.parent_asset_id)}`);
      const own = ads.find((ad) => ad.asset_id === assetId);
      if (!own) return [];
      const versions: AdLanguageVersion[] = [{ assetId: assetId!, language: own.language ?? UNSET_LANGUAGE }];
      // Newest first: the first of each language is the one pushed.
      const others = ads
        .filter((ad) => ad.id !== own.id && ad.status === 'completed' && ad.asset_id && ad.placement === own.placement && ad.layout === own.layout)
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      for (const ad of others) if (!versions.some((version) => version.language === (ad.language ?? UNSET_LANGUAGE))) versions.push({ assetId: ad.asset_id!, language: ad.language ?? UNSET_LANGUAGE });
      return versions.length > 1 ? versions : [];
    },
  });
}
