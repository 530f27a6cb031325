import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useStartSession, useUser } from '../lib/auth';
import type { PageHost } from '../lib/pageHost';

/** The SPA's side of lib/pageHost: the router's links and navigation, the query cache's session and data. */
export const spaPageHost: PageHost = {
  Link: ({ href, ...props }) => <RouterLink to={href} {...props} />,
  useReplace() {
    const navigate = useNavigate();
    return useCallback((path: string) => void navigate(path, { replace: true }), [navigate]);
  },
  useSession() {
    const { data: user } = useUser();
    return { user, start: useStartSession() };
  },
  useApiData: <T,>(path: string) => useQuery<T>({ queryKey: [path] }).data,
};
