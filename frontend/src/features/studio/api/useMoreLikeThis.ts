import { assetFileUrl, type MoreLikeThisDto } from '@brandloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export interface MoreLikeThis {
  prompt: string;
  brandProfileId: string | null;
  /** The asset's image as a reference file, null when it could not be fetched. */
  reference: File | null;
}

async function fetchMoreLikeThis(assetId: string): Promise<MoreLikeThis> {
  const prefill = await apiRequest<MoreLikeThisDto>('GET', `/api/ad-results/${encodeURIComponent(assetId)}/more-like-this`);
  let reference: File | null = null;
  try {
    const res = await fetch(assetFileUrl(prefill.s3Key), { credentials: 'include' });
    if (res.ok) {
      const blob = await res.blob();
      const type = blob.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
      const base = prefill.name.replace(/[^\w .-]+/g, '').trim() || 'reference';
      reference = new File([blob], `${base}.${type === 'image/jpeg' ? 'jpg' : 'png'}`, { type });
    }
  } catch {
    reference = null;
  }
  return { prompt: prefill.prompt, brandProfileId: prefill.brandProfileId, reference };
}

/** 'Make more like this': the asset's prompt, brand profile and image, for the Studio to start from (idle without an asset). */
export function useMoreLikeThis(assetId: string | null) {
  return useQuery({
    queryKey: ['more-like-this', assetId ?? ''],
    queryFn: () => fetchMoreLikeThis(assetId!),
    enabled: Boolean(assetId),
    staleTime: Infinity,
    retry: false,
  });
}
