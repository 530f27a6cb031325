import { DEFAULT_PREFERENCES } from '@brandloom/contracts';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { routes } from '../app/routes';
import { spaPageHost } from '../app/spaPageHost';
import type { OrganizationResponse, User } from '../lib/auth';
import { PageHostProvider, prerenderedPageHost } from '../lib/pageHost';
import { createQueryClient } from '../lib/queryClient';
import { PublicApp } from '../public/PublicApp';
import { type Handler, type Reply } from './mockApi';

export { mockApi, type Reply } from './mockApi';

/** Stands in for every page a screen under test links to: shows where the app went. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export interface RenderScreenOptions {
  /** The URL the router starts at (with its query string). */
  path?: string;
  /** The route pattern `screen` answers to; defaults to `path` without its query string. */
  route?: string;
  /** More screens the test moves between; any other path shows the LocationProbe. */
  routes?: RouteObject[];
  queryClient?: QueryClient;
}

/**
 * Renders one screen or component with what it needs from around it (a fresh query cache, the
 * theme, the toast layer, a memory router at `path`, the SPA's page host) but without the app's
 * routes, lazy chunks, sign-in guard or shell. Use renderApp only for what crosses screens.
 */
export function renderScreen(screen: ReactElement, { path = '/', route, routes: others = [], queryClient = createQueryClient() }: RenderScreenOptions = {}) {
  const router = createMemoryRouter(
    [{ path: route ?? path.split(/[?#]/)[0], element: screen }, ...others, { path: '*', element: <LocationProbe /> }],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <PageHostProvider value={spaPageHost}>
        <RouterProvider router={router} />
      </PageHostProvider>
    </AppProviders>,
  );
  return { router, queryClient };
}

/**
 * Stands in for `window.location` at the current URL, its `assign` a mock that records where the
 * app sends the browser instead of going there.
 */
export function stubLocation(assign = vi.fn()) {
  vi.stubGlobal('location', Object.assign(new URL(window.location.href), { assign }));
  return assign;
}

/** Renders the whole app (real routes, providers and a fresh query cache) at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/**
 * A pre-rendered public page as the browser gets it: the build's HTML, then hydrated by the public
 * entry's tree (src/public). `beforeHydration` acts on the HTML first, as a visitor may before the
 * script runs. Navigations are recorded rather than made (the test DOM makes none).
 */
export function hydratePublicPage(Page: ComponentType, { beforeHydration }: { beforeHydration?: (page: HTMLElement) => void } = {}) {
  const replace = vi.fn();
  const tree = (
    <PageHostProvider value={{ ...prerenderedPageHost, useReplace: () => replace }}>
      <PublicApp Page={Page} followsColorMode />
    </PageHostProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.appendChild(container);
  beforeHydration?.(container);
  render(tree, { container, hydrate: true });
  return { replace };
}

export const anonymous: Reply = {
  status: 401,
  body: { statusCode: 401, message: 'Unauthorized', error: 'Unauthorized' },
};

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    username: 'alice',
    email: 'alice@example.com',
    avatar_url: null,
    is_admin: false,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeOrganization(name = 'Acme Studio'): OrganizationResponse {
  return {
    organization: {
      id: 'org-1',
      name,
      plan_tier: 'Starter',
      credits: 25,
      stripe_subscription_id: null,
      website: null,
      description: null,
      logo_url: null,
      created_at: '2026-01-01T00:00:00.000Z',
    },
    members: [],
  };
}

/** The calls a signed-in member's app shell makes. */
export function signedInApi(user: User = makeUser(), credits = 25): Record<string, Handler> {
  return {
    'GET /api/auth/user': { body: user },
    'GET /api/organization': { body: makeOrganization() },
    'GET /api/credits/balance': { body: { credits } },
    'GET /api/users/me/preferences': { body: DEFAULT_PREFERENCES },
  };
}
