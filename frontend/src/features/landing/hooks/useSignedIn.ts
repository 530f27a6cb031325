import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api';

/**
 * Whether the visitor has a session, asked once after the page is shown (the pre-rendered page
 * shows the signed-out header). A plain request rather than the SPA's query cache: the public
 * pages load without React Query.
 */
export function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    let active = true;
    apiRequest<unknown>('GET', '/api/auth/user').then(
      (user) => active && setSignedIn(!!user),
      () => active && setSignedIn(false),
    );
    return () => {
      active = false;
    };
  }, []);
  return signedIn;
}
