import { usePageHost } from '../../../lib/pageHost';

export interface AuthProviders {
  google: boolean;
}

/** Which third-party sign-in providers the server has configured (undefined until it says). */
export function useAuthProviders(): AuthProviders | undefined {
  return usePageHost().useApiData<AuthProviders>('/api/auth/providers');
}
