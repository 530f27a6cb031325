import {
  AD_FONTS,
  type AdCtaType,
  type AdDto,
  type AdFormatId,
  type AssetDto,
  type BrandProfileDto,
  type CreateAdsResponseDto,
  type FontCategory,
  type Language,
  type LogoVariant,
  type TranslateAdCopyRequest,
  type TranslateAdCopyResponse,
} from '@brandloom/contracts';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api';

export const ADS_URL = '/api/ads';
/** How often a rendering ad's status is asked for. */
export const AD_POLL_MS = 1000;

/** A logo of a brand profile as GET /api/brand-profiles/{id} lists it. */
export interface BrandLogo {
  id: string;
  variant: LogoVariant;
  url: string;
  width: number;
  height: number;
}

/** A brand profile with its kit (logos are listed once the server has the kit routes; absent means none). */
export type BrandProfileWithKit = BrandProfileDto & { logos?: BrandLogo[] };

export interface FontOption {
  id: string;
  family: string;
  category: FontCategory;
}

export interface CopyProposal {
  headline: string;
  body: string;
  cta: AdCtaType | null;
}

export interface AdRequest {
  assetId: string;
  placements: AdFormatId[];
  layout: string;
  headline: string;
  body: string;
  cta: AdCtaType | null;
  logo: LogoVariant | null;
  brandProfileId: string | null;
  /** A translation's language (each language is saved by its own request). */
  language?: Language;
}

export const adQueryKey = (id: string) => [ADS_URL, id] as const;
export const brandProfileKitKey = (id: string) => ['/api/brand-profiles', id, 'kit'] as const;
const FONTS_KEY = ['/api/fonts'] as const;

async function get<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal });
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  return (await res.json()) as T;
}

const settled = (ad: AdDto | undefined) => ad?.status === 'completed' || ad?.status === 'failed';

/** One ad, asked for again every second while it renders. */
export function useAd(id: string | null) {
  return useQuery({
    queryKey: adQueryKey(id ?? ''),
    queryFn: ({ signal }) => get<AdDto>(`${ADS_URL}/${encodeURIComponent(id!)}`, signal),
    enabled: !!id,
    refetchInterval: (query) => (settled(query.state.data) ? false : AD_POLL_MS),
  });
}

/** The ads of a save, each asked for again every second until it is rendered or has failed. */
export function useAdsProgress(ids: string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: adQueryKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => get<AdDto>(`${ADS_URL}/${encodeURIComponent(id)}`, signal),
      refetchInterval: (query: { state: { data: AdDto | undefined } }) => (settled(query.state.data) ? false : AD_POLL_MS),
    })),
  });
}

/** A library asset (the rendered ad), for its link. */
export function useLibraryAsset(id: string | null) {
  return useQuery({ queryKey: ['/api/assets', id ?? ''], queryFn: ({ signal }) => get<AssetDto>(`/api/assets/${encodeURIComponent(id!)}`, signal), enabled: !!id });
}

export function useCreateAds() {
  return useMutation({ mutationFn: (request: AdRequest) => apiRequest<CreateAdsResponseDto>('POST', ADS_URL, request) });
}

/** Saves an ad's new copy, layout or logo: the server renders it again as its next version. */
export function useUpdateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: { id: string; layout: string; headline: string; body: string; cta: AdCtaType | null; logo: LogoVariant | null }) =>
      apiRequest<AdDto>('PATCH', `${ADS_URL}/${encodeURIComponent(id)}`, change),
    onSuccess: (ad) => queryClient.setQueryData(adQueryKey(ad.id), ad),
  });
}

export function useSuggestCopy() {
  return useMutation({
    mutationFn: (request: { assetId: string; brandProfileId: string | null; placement: AdFormatId }) =>
      apiRequest<{ proposals: CopyProposal[] }>('POST', `${ADS_URL}/suggest-copy`, request),
  });
}

/** The copy in each language asked for, with whether each fits the layout on the picture. */
export function useTranslateCopy() {
  return useMutation({ mutationFn: (request: TranslateAdCopyRequest) => apiRequest<TranslateAdCopyResponse>('POST', `${ADS_URL}/translate`, request) });
}

/** A brand profile with its logos (none listed when the server does not list them). */
export function useBrandProfileKit(id: string | null) {
  return useQuery({
    queryKey: brandProfileKitKey(id ?? ''),
    queryFn: ({ signal }) => get<BrandProfileWithKit>(`/api/brand-profiles/${encodeURIComponent(id!)}`, signal),
    enabled: !!id,
  });
}

/** The fonts ads can be set in: the server's list, or the shipped list when the server has no font route. */
export function useAdFonts() {
  return useQuery({
    queryKey: FONTS_KEY,
    queryFn: async ({ signal }) => {
      try {
        return (await get<{ fonts: FontOption[] }>('/api/fonts', signal)).fonts;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return AD_FONTS.map(({ id, family, category }) => ({ id, family, category }));
        throw error;
      }
    },
    staleTime: Infinity,
  });
}

export function useUploadLogo(brandProfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, variant }: { file: File; variant: LogoVariant }) => {
      const form = new FormData();
      form.append('logo', file);
      form.append('variant', variant);
      const res = await fetch(`/api/brand-profiles/${encodeURIComponent(brandProfileId)}/logos`, { method: 'POST', credentials: 'include', body: form });
      if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
      return (await res.json()) as Pick<BrandLogo, 'id' | 'variant' | 'url'>;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandProfileKitKey(brandProfileId) }),
  });
}

export function useDeleteLogo(brandProfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variant: LogoVariant) => apiRequest('DELETE', `/api/brand-profiles/${encodeURIComponent(brandProfileId)}/logos/${variant}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandProfileKitKey(brandProfileId) }),
  });
}

/** Sets the brand's heading and body fonts (kept beside the rest of its brand data). */
export function useSaveBrandFonts(brandProfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The server merges brand_data field by field: only the fonts are sent.
    mutationFn: (fonts: { heading: string; body: string }) => apiRequest<BrandProfileDto>('PATCH', `/api/brand-profiles/${encodeURIComponent(brandProfileId)}`, { brand_data: { fonts } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/brand-profiles'] }),
  });
}
