import type { UserDto } from '@brandloom/contracts';
import { createContext, useCallback, useContext, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { apiRequest } from './api';
import { mayHaveSession } from './sessionHint';

/**
 * What a page needs from around it when it is both pre-rendered (src/public, hydrated without the
 * router and the query cache) and routed by the SPA, which provides its own version
 * (app/spaPageHost.tsx). The default is the pre-rendered pages': plain links, full navigations and
 * plain requests, so those pages load none of the SPA's router or query code.
 */
export interface PageHost {
  /** A link to another page of the app. */
  Link: ComponentType<ComponentProps<'a'> & { href: string }>;
  /** Goes to another page in place of this one in the history. */
  useReplace(): (path: string) => void;
  /** The visitor's account (undefined until known, null when signed out) and how to start a session a sign-in returned. */
  useSession(): { user: UserDto | null | undefined; start: (user: UserDto) => void };
  /** A GET of the API: undefined until it answers, and when it fails. */
  useApiData<T>(path: string): T | undefined;
}

/**
 * A GET asked once after the page is shown (a pre-rendered page renders without the answer); with
 * no path, nothing is asked and the answer is `onError` once shown.
 */
function useFetchedOnce<T>(path: string | null, onError: T | undefined): [T | undefined, (value: T) => void] {
  const [data, setData] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (path === null) {
      setData(onError);
      return;
    }
    let active = true;
    apiRequest<T>('GET', path).then(
      (value) => active && setData(value),
      () => active && setData(onError),
    );
    return () => {
      active = false;
    };
  }, [path, onError]);
  return [data, setData];
}

function PlainLink(props: ComponentProps<'a'> & { href: string }) {
  return <a {...props} />;
}

export const prerenderedPageHost: PageHost = {
  Link: PlainLink,
  useReplace: () => useCallback((path: string) => window.location.replace(path), []),
  useSession() {
    // An anonymous visitor's check answers 401: signed out, as is any failure. Without the session
    // hint there is nothing to ask.
    const [user, start] = useFetchedOnce<UserDto | null>(mayHaveSession() ? '/api/auth/user' : null, null);
    return { user, start };
  },
  useApiData: <T,>(path: string) => useFetchedOnce<T>(path, undefined)[0],
};

const PageHostContext = createContext<PageHost>(prerenderedPageHost);

export const PageHostProvider = PageHostContext.Provider;

export function usePageHost(): PageHost {
  return useContext(PageHostContext);
}
