export interface Reply {
  status?: number;
  body?: unknown;
}

export type Handler = Reply | ((init: RequestInit | undefined) => Reply | Promise<Reply>);

/**
 * Stubs `fetch` with replies keyed by `METHOD /path`. An unlisted request fails the test
 * by answering 599, so a call the test did not expect cannot pass silently.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key];
    const { status = 200, body } = handler
      ? await (typeof handler === 'function' ? handler(init) : handler)
      : { status: 599, body: { message: `Unexpected request ${key}` } };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
