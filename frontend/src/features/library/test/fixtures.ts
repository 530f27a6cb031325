import type { MetaStatusResponse } from '@brandloom/contracts';
import { makeOrganization, makeUser } from '../../../test/utils';
import type { Asset, Folder } from '../api/types';

let nextId = 0;

/** An asset as GET /api/assets lists it. */
export function makeAsset(overrides: Partial<Asset> = {}): Asset {
  const n = ++nextId;
  const id = overrides.id ?? `asset-${n}`;
  const key = overrides.s3_key ?? `org-1/generations/job-${n}/0.png`;
  return {
    id,
    name: `Asset ${n}`,
    s3_key: key,
    thumbnail_key: `org-1/generations/job-${n}/0.thumb.webp`,
    width: 1024,
    height: 1024,
    file_size: 204_800,
    created_at: '2026-03-05T12:00:00.000Z',
    brand_profile_name: null,
    brand_profile_id: null,
    folder_id: null,
    prompt: `A prompt for asset ${n}`,
    url: `/api/assets/file/${key}`,
    thumbnailUrl: `/api/assets/file/${key}?variant=thumb`,
    ...overrides,
  };
}

export function makeFolder(overrides: Partial<Folder> = {}): Folder {
  const n = ++nextId;
  return { id: `folder-${n}`, name: `Folder ${n}`, asset_count: 0, created_at: '2026-03-01T12:00:00.000Z', ...overrides };
}

export interface LibraryReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface LibraryRequest {
  method: string;
  url: URL;
  /** The parsed JSON body, if any. */
  body: unknown;
}

export type LibraryHandler = LibraryReply | ((request: LibraryRequest) => LibraryReply | Promise<LibraryReply>);

/** The calls the library makes for a signed-in member with an empty library, keyed by `METHOD /path` (no query). */
export function libraryHandlers(overrides: Record<string, LibraryHandler> = {}): Record<string, LibraryHandler> {
  const user = makeUser();
  return {
    'GET /api/auth/user': { body: user },
    'GET /api/organization': { body: makeOrganization() },
    'GET /api/brand-profiles': { body: [] },
    'GET /api/folders': { body: [] },
    'GET /api/assets/count': { body: { count: 0 } },
    'GET /api/assets': { body: [] },
    'GET /api/meta/status': { body: metaStatus() },
    ...overrides,
  };
}

/**
 * Stubs `fetch`: replies are keyed by `METHOD /path` and may depend on the query string, send
 * headers (X-Next-Cursor) and answer 204. An unlisted request answers 599 so it cannot pass unseen.
 */
export function mockLibraryApi(handlers: Record<string, LibraryHandler>) {
  const requests: LibraryRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = new URL(String(input), window.location.origin);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, url, body };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    const reply: LibraryReply = handler
      ? await (typeof handler === 'function' ? handler(request) : handler)
      : { status: 599, body: { message: `Unexpected request ${method} ${url.pathname}${url.search}` } };
    const { status = 200, headers = {} } = reply;
    const payload = status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(payload, { status, headers: { 'Content-Type': 'application/json', ...headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** The requests made to `METHOD /path` so far. */
    to(method: string, pathname: string): LibraryRequest[] {
      return requests.filter((request) => request.method === method && request.url.pathname === pathname);
    },
    /** The GET /api/assets requests' query parameters. */
    assetListQueries(): URLSearchParams[] {
      return requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/assets').map((r) => r.url.searchParams);
    },
  };
}

/** An IntersectionObserver the test drives: tests say when the observed sentinel scrolls into view. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  disconnected = false;

  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }

  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.disconnected = true;
    this.observed.clear();
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Reports every live observer's elements as in (or out of) view. */
  static setInView(isIntersecting: boolean) {
    for (const observer of FakeIntersectionObserver.instances.filter((o) => !o.disconnected)) {
      const entries = [...observer.observed].map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
      if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }

  static install() {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  }
}

/** GET /api/meta/status of a Team+ organization; connected with two accounts (one inactive) and four pages when asked. */
export function metaStatus(overrides: Partial<MetaStatusResponse> = {}): MetaStatusResponse {
  return {
    connected: false,
    plan_allows: true,
    configured: true,
    expired: false,
    metaUser: null,
    connectedAt: null,
    adAccounts: [],
    pages: [],
    lastSync: null,
    ...overrides,
  };
}

export function connectedMetaStatus(overrides: Partial<MetaStatusResponse> = {}): MetaStatusResponse {
  return metaStatus({
    connected: true,
    metaUser: { id: '1015', name: 'Mia Marketer' },
    connectedAt: '2026-11-20T10:00:00.000Z',
    adAccounts: [
      { id: 'act_111', name: 'Brandloom Ads', status: 1, currency: 'EUR' },
      { id: 'act_222', name: 'Closed account', status: 2, currency: 'USD' },
    ],
    pages: [
      { id: '501', name: 'Brandloom Page' },
      { id: '502', name: 'Second Page' },
      { id: '503', name: 'Third Page' },
      { id: '504', name: 'Fourth Page' },
    ],
    lastSync: '2026-11-20T10:00:05.000Z',
    ...overrides,
  });
}
