import { useQuery } from '@tanstack/react-query';

export interface AuthProviders {
  google: boolean;
}

/** Which third-party sign-in providers the server has configured. */
export function useAuthProviders() {
  return useQuery<AuthProviders>({ queryKey: ['/api/auth/providers'] });
}
