import type { UserDto } from '@brandloom/contracts';
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api';
import { usePageHost } from '../../../lib/pageHost';

/**
 * A request that starts a session (sign-in, sign-up), and the way to /dashboard: for a visitor who
 * is signed in already, and after the request succeeds.
 */
export function useSessionRequest<Input>(path: string) {
  const host = usePageHost();
  const { user, start } = host.useSession();
  const replace = host.useReplace();
  const [state, setState] = useState<{ pending: boolean; error: unknown }>({ pending: false, error: null });

  // Once: the session may be read again after signing in (the signed-in hint appears), and a second
  // navigation would abort the first.
  const leaving = useRef(false);
  useEffect(() => {
    if (!user || leaving.current) return;
    leaving.current = true;
    replace('/dashboard');
  }, [user, replace]);

  const submit = (input: Input) => {
    setState({ pending: true, error: null });
    apiRequest<UserDto>('POST', path, input).then(
      (signedIn) => {
        setState({ pending: false, error: null });
        start(signedIn);
      },
      (error: unknown) => setState({ pending: false, error }),
    );
  };

  return { signedIn: !!user, submit, ...state };
}
