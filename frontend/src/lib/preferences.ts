import type { PreferencesDto, UpdatePreferencesRequest } from '@brandloom/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api';
import { useKnownUser } from './auth';

// The signed-in user's preferences are read by the theme (dark mode), by the studio (browser
// notifications when a run ends) and edited in Settings: one query, one key, here.

export const PREFERENCES_URL = '/api/users/me/preferences';
export const preferencesQueryKey = [PREFERENCES_URL] as const;

/** GET /api/users/me/preferences, once a user is signed in (public pages never ask who that is). */
export function usePreferences() {
  const user = useKnownUser();
  return useQuery({
    queryKey: [...preferencesQueryKey, user?.id ?? ''],
    queryFn: () => apiRequest<PreferencesDto>('GET', PREFERENCES_URL),
    enabled: !!user,
  });
}

/** PATCH /api/users/me/preferences: shown at once, put back if the server refuses. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const user = useKnownUser();
  const key = [...preferencesQueryKey, user?.id ?? ''];
  return useMutation({
    mutationFn: (changes: UpdatePreferencesRequest) => apiRequest<PreferencesDto>('PATCH', PREFERENCES_URL, changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PreferencesDto>(key);
      if (previous) queryClient.setQueryData<PreferencesDto>(key, { ...previous, ...changes });
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}

/** The preferences already in the cache for whoever is signed in (no request). */
export function cachedPreferences(queryClient: QueryClient): PreferencesDto | undefined {
  return queryClient.getQueriesData<PreferencesDto>({ queryKey: preferencesQueryKey }).find(([, data]) => data)?.[1];
}
