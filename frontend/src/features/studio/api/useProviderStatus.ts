import { IMAGE_PROVIDER_NAME, type ProviderStatusDto } from '@brandloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { providerStatusQueryKey } from './queryKeys';

/** A failed status check means "not configured", with the provider's default name and no features. */
export const PROVIDER_DEFAULT_NAME = IMAGE_PROVIDER_NAME;
export const UNKNOWN_PROVIDER_STATUS: ProviderStatusDto = { isConfigured: false, apiName: PROVIDER_DEFAULT_NAME, features: [] };

async function fetchProviderStatus(): Promise<ProviderStatusDto> {
  try {
    const res = await fetch('/api/openai/status', { credentials: 'include' });
    if (!res.ok) return UNKNOWN_PROVIDER_STATUS;
    const body = (await res.json()) as Partial<ProviderStatusDto> | null;
    return {
      isConfigured: body?.isConfigured === true,
      apiName: typeof body?.apiName === 'string' && body.apiName ? body.apiName : PROVIDER_DEFAULT_NAME,
      features: Array.isArray(body?.features) ? body.features.filter((f): f is string => typeof f === 'string') : [],
    };
  } catch {
    return UNKNOWN_PROVIDER_STATUS;
  }
}

/** GET /api/openai/status; never an error (see above). */
export function useProviderStatus() {
  return useQuery({ queryKey: providerStatusQueryKey, queryFn: fetchProviderStatus });
}
