import { AD_FONT_SUBSETS, adFontFileName, type PixelSource } from '@brandloom/contracts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AdEngine } from '../engine/adEngine';

const require = createRequire(import.meta.url);

/**
 * The preview's engine in the test DOM (no canvas, no font URLs): the shipped font files read from disk, and
 * a picture of one flat colour, so a test knows what the contrast step measures.
 */
export function testEngine(color: readonly [number, number, number] = [30, 30, 30]): AdEngine & { pictures: string[] } {
  const pictures: string[] = [];
  return {
    pictures,
    fontFiles: async (font, weight) => {
      const dir = dirname(require.resolve(`@fontsource/${font}/package.json`));
      return AD_FONT_SUBSETS.map((subset) => {
        const bytes = readFileSync(join(dir, 'files', adFontFileName(font, subset, weight)));
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      });
    },
    picture: async (url, width, height): Promise<PixelSource> => {
      pictures.push(`${url} ${width}x${height}`);
      const data = new Uint8Array(width * height * 3);
      for (let i = 0; i < data.length; i += 3) data.set(color, i);
      return { width, height, channels: 3, data };
    },
  };
}

export interface ApiReply {
  status?: number;
  body?: unknown;
}

export interface ApiCall {
  method: string;
  url: URL;
  body: unknown;
}

/** Stubs fetch with replies keyed by `METHOD /path`; an unlisted request answers 599 so it cannot pass unseen. */
export function mockApi(handlers: Record<string, ApiReply | ((call: ApiCall) => ApiReply)>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = new URL(String(input), window.location.origin);
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method, url, body };
      calls.push(call);
      const handler = handlers[`${method} ${url.pathname}`];
      const reply = handler ? (typeof handler === 'function' ? handler(call) : handler) : { status: 599, body: { message: `Unexpected request ${method} ${url.pathname}` } };
      const status = reply.status ?? 200;
      return new Response(status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return { calls, to: (method: string, path: string) => calls.filter((call) => call.method === method && call.url.pathname === path) };
}
