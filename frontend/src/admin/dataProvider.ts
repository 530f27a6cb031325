import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';

/** react-admin resource names → paths under /api/admin (the blog's posts live at blog/posts). */
const PATHS: Record<string, string> = { blog: 'blog/posts' };

const httpClient = (url: string, options: fetchUtils.Options = {}) => fetchUtils.fetchJson(url, { ...options, credentials: 'include' });

const rest = simpleRestProvider('/api/admin', httpClient);

/** The stock simple REST provider (the server speaks its conventions), with our resource paths. */
export const adminDataProvider: DataProvider = new Proxy(rest, {
  get(target, method: string) {
    const call = target[method as keyof DataProvider];
    if (typeof call !== 'function') return call;
    return (resource: string, ...args: unknown[]) => (call as (...a: unknown[]) => unknown).call(target, PATHS[resource] ?? resource, ...args);
  },
});

/** Calls an admin action outside the CRUD conventions (toggle admin, grant credits). */
export async function adminAction<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  const { json } = await httpClient(`/api/admin/${path}`, { method, body: JSON.stringify(body) });
  return json as T;
}
