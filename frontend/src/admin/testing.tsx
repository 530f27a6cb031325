import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../lib/queryClient';
import AdminConsole from './AdminConsole';

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface ApiReply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Sent as is (not JSON), e.g. an HTML page. */
  raw?: string;
}

/** A fetch stub keyed by `METHOD /path` (query strings vary with react-admin's sort/range/filter); a handler may answer later. */
export function stubApi(handlers: Record<string, (call: ApiCall) => ApiReply | Promise<ApiReply>>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url, window.location.origin);
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const call = { method, path: url.pathname, query: url.searchParams, body };
      calls.push(call);
      const handler = handlers[`${method} ${url.pathname}`];
      const reply = handler ? await handler(call) : { status: 599, body: { message: `Unexpected ${method} ${url.pathname}` } };
      if (reply.raw !== undefined) return new Response(reply.raw, { status: reply.status ?? 200, headers: { 'Content-Type': 'text/html' } });
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json', ...reply.headers } });
    }),
  );
  return calls;
}

export function renderConsole(path = '/admin') {
  const router = createMemoryRouter(
    [
      { path: '/admin/*', element: <AdminConsole /> },
      { path: '/blog/:slug', element: <p>Public post page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
