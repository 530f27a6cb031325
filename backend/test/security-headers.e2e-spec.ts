import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentSecurityPolicyHeader } from '../src/common/content-security-policy';
import { createTestApp, TestApp } from './test-app';

describe('Content-Security-Policy', () => {
  let t: TestApp;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'brandloom-static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp({ STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('is strict: no inline or foreign scripts, no plugins, no framing, images only from our origin', () => {
    const policy = contentSecurityPolicyHeader();
    for (const directive of ["default-src 'self'", "script-src 'self'", "img-src 'self' data: blob:", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'"]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*)/);
  });

  it('is sent on the single-page app, a client route, the API, the OpenAPI page and error answers', async () => {
    for (const path of ['/', '/library', '/api/health', '/api/docs', '/api/assets', '/api/nope']) {
      const res = await t.http().get(path);
      expect([path, res.headers['content-security-policy']]).toEqual([path, contentSecurityPolicyHeader()]);
    }
  });

  it('is the same in deploy/nginx.conf, in every location that sets headers', () => {
    const nginx = readFileSync(join(__dirname, '../../deploy/nginx.conf'), 'utf8');
    const policies = [...nginx.matchAll(/add_header Content-Security-Policy "([^"]+)" always;/g)].map((m) => m[1]);
    expect(policies.length).toBe((nginx.match(/add_header (?!Content-Security-Policy|X-Content-Type-Options)/g) ?? []).length + 1);
    for (const policy of policies) expect(policy).toBe(contentSecurityPolicyHeader());
  });
});
