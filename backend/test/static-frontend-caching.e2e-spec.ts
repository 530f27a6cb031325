/**
 * What `npm start` sends for the built frontend: HTML compressed and revalidated on every visit;
 * hashed assets as their pre-compressed twins (brotli, gzip, made at build), cached for a year as
 * immutable; files under a fixed name revalidated.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { GOOGLE_SIGN_IN_OFF_ATTRIBUTE } from '@brandloom/contracts';
import { createTestApp, TestApp } from './test-app';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const PAGE = `<!doctype html><html><head><title>Brandloom</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`;
/** The page as served here: Google sign-in is not configured, so its button is marked hidden. */
const SERVED_PAGE = PAGE.replace('<html>', () => `<html ${GOOGLE_SIGN_IN_OFF_ATTRIBUTE}>`);

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET answered as the bytes sent (supertest decodes compressed bodies before a test sees them). */
async function getRaw(server: Server, path: string, acceptEncoding: string): Promise<RawResponse> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built frontend: compression and caching', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brandloom-caching-'));
    writeFileSync(join(dir, 'index.html'), PAGE);
    writeFileSync(join(dir, 'theme-init.js'), 'void 0;');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-AbC123.js'), SCRIPT);
    // The build's twins; the brotli one is marked so the test knows which file was sent.
    writeFileSync(join(dir, 'assets', 'index-AbC123.js.br'), brotliCompressSync(Buffer.from(`${SCRIPT}// br\n`)));
    writeFileSync(join(dir, 'assets', 'index-AbC123.js.gz'), gzipSync(Buffer.from(`${SCRIPT}// gz\n`)));
    writeFileSync(join(dir, 'assets', 'style-XyZ789.css'), 'body{margin:0}');
    t = await createTestApp({ STATIC_DIR: dir, OUTBOX_POLL_MS: '600000' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const http = () => request(t.app.getHttpServer());

  it('sends a hashed script pre-compressed with brotli (or gzip) as JavaScript, immutable for a year', async () => {
    const br = await getRaw(t.app.getHttpServer(), '/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(`${SCRIPT}// br\n`);

    const gz = await getRaw(t.app.getHttpServer(), '/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.body).toString()).toBe(`${SCRIPT}// gz\n`);

    const plain = await getRaw(t.app.getHttpServer(), '/assets/index-AbC123.js', 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((plain.body).toString()).toBe(SCRIPT);
  });

  it('sends a hashed file without a twin as it is, still immutable; a fixed-name file revalidated', async () => {
    const css = await http().get('/assets/style-XyZ789.css').set('Accept-Encoding', 'br').expect(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const theme = await http().get('/theme-init.js').expect(200);
    expect(theme.headers['cache-control']).toBe('no-cache');
    expect(theme.headers.etag).toBeDefined();
    await http().get('/assets/missing-123.js').set('Accept-Encoding', 'br').expect(200); // the SPA's fallback page, not a 500
  });

  it('sends HTML compressed for the browser, revalidated, never cached as immutable', async () => {
    const br = await getRaw(t.app.getHttpServer(), '/library', 'br, gzip');
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toMatch(/text\/html/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(SERVED_PAGE);
    expect((br.body).length).toBeLessThan(PAGE.length / 4);

    const gz = await getRaw(t.app.getHttpServer(), '/', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SERVED_PAGE);

    const plain = await http().get('/settings').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SERVED_PAGE);
  });
});
