import { APP_URL_PLACEHOLDER, GOOGLE_SIGN_IN_OFF_ATTRIBUTE, SUPPORT_EMAIL_PLACEHOLDER } from '@brandloom/contracts';
import escapeHtml from 'escape-html';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from './test-app';

/** GET `path` exactly as written: HTTP clients built on URL parsing resolve `%2e` and `..` segments before sending. */
async function getVerbatim(server: Server, path: string): Promise<{ status: number; text: string }> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

// A built frontend as `npm run build` leaves it: index.html for the SPA and the pre-rendered
// public pages, both with the placeholders the server fills in.
function writeBuild(dir: string): void {
  const meta = `<meta name="brandloom:support-email" content="${SUPPORT_EMAIL_PLACEHOLDER}" />`;
  writeFileSync(join(dir, 'index.html'), `<!doctype html><head>${meta}<title>Brandloom</title></head><div id="root"></div>`);
  mkdirSync(join(dir, 'prerendered'));
  for (const [file, heading] of [
    ['index.html', 'On-brand marketing images'],
    ['terms.html', 'Terms of Service'],
    ['privacy.html', 'Privacy Policy'],
    ['meta-deletion.html', 'Meta Data Deletion Request'],
    ['signin.html', 'Welcome back'],
    ['signup.html', 'Create your account'],
  ]) {
    writeFileSync(
      join(dir, 'prerendered', file),
      `<!doctype html><html lang="en"><head>${meta}<link rel="canonical" href="${APP_URL_PLACEHOLDER}/x" /></head><div id="root"><h1>${heading}</h1><a href="mailto:${SUPPORT_EMAIL_PLACEHOLDER}">${SUPPORT_EMAIL_PLACEHOLDER}</a></div>`,
    );
  }
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
}

describe('the built frontend: pre-rendered public pages, the SPA for the rest', () => {
  let t: TestApp;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'brandloom-prerendered-'));
    writeBuild(staticDir);
    t = await createTestApp({ STATIC_DIR: staticDir, SUPPORT_EMAIL: 'privacy@example.com', APP_URL: 'https://brandloom.example' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it.each([
    ['/', 'On-brand marketing images'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/meta-deletion', 'Meta Data Deletion Request'],
    ['/signin', 'Welcome back'],
    ['/signup', 'Create your account'],
  ])('answers %s with its pre-rendered HTML, APP_URL and SUPPORT_EMAIL filled in', async (path, heading) => {
    const res = await t.http().get(path).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain(`<h1>${heading}</h1>`);
    expect(res.text).toContain('<a href="mailto:privacy@example.com">privacy@example.com</a>');
    expect(res.text).toContain('<link rel="canonical" href="https://brandloom.example/x" />');
    expect(res.text).toContain('<meta name="brandloom:support-email" content="privacy@example.com" />');
    expect(res.text).not.toContain('__BRANDLOOM_');
  });

  it('marks the pages to hide Google sign-in when Google is not configured', async () => {
    const res = await t.http().get('/signin').expect(200);
    expect(res.text).toContain(`<html ${GOOGLE_SIGN_IN_OFF_ATTRIBUTE} lang="en">`);
  });

  it('keeps the query string working (/meta-deletion?code=...) and answers other routes with the SPA', async () => {
    expect((await t.http().get('/meta-deletion?code=ABC').expect(200)).text).toContain('<h1>Meta Data Deletion Request</h1>');
    const spa = await t.http().get('/library').expect(200);
    expect(spa.text).toContain('<div id="root"></div>');
    expect(spa.text).toContain('content="privacy@example.com"');
    expect((await t.http().get('/assets/app.js').expect(200)).text).toBe('console.log(1)');
  });

  it('sends a form posted before its script ran back to its page (303), reading nothing of it', async () => {
    for (const path of ['/signin', '/signup']) {
      const res = await t.http().post(path).type('form').send({ email: 'a@example.com', password: 'secret-secret' }).expect(303);
      expect(res.headers.location).toBe(path);
    }
    // Other paths keep their answers.
    await t.http().post('/library').expect(404);
  });

  it('does not hand out the pre-rendered sources with their placeholders, however the path is spelt', async () => {
    const res = await t.http().get('/prerendered/index.html').expect(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).not.toContain('__BRANDLOOM_');
    const spellings = [
      '/%70rerendered/index.html',
      '/%70%72%65%72%65%6e%64%65%72%65%64/terms.html',
      '/prerendered%2findex.html',
      '/prerendered%2Fsignin.html',
      '/%2e/prerendered/index.html',
      '/./prerendered/privacy.html',
      '//prerendered/index.html',
      '/prerendered//index.html',
      '///prerendered/meta-deletion.html',
      '/PRERENDERED/index.html',
      '/Prerendered/signup.html',
      '/assets/../prerendered/index.html',
      '/assets/%2e%2e/prerendered/index.html',
      '/assets/..%2fprerendered/index.html',
      '/%2570rerendered/index.html',
      '/prerendered',
      '/%70rerendered',
    ];
    const server = t.app.getHttpServer() as Server;
    for (const path of spellings) {
      const answer = await getVerbatim(server, path);
      expect({ path, placeholders: answer.text.includes('__BRANDLOOM_'), served: answer.status < 500 }).toEqual({ path, placeholders: false, served: true });
    }
  });

  it('compares decoded paths: an encoded page path answers its page, filled in', async () => {
    const server = t.app.getHttpServer() as Server;
    const terms = await getVerbatim(server, '/%74erms');
    expect(terms.status).toBe(200);
    expect(terms.text).toContain('<h1>Terms of Service</h1>');
    expect(terms.text).toContain('<a href="mailto:privacy@example.com">privacy@example.com</a>');
    const posted = await t.http().post('/sign%69n').type('form').send({ email: 'a@example.com' }).expect(303);
    expect(posted.headers.location).toBe('/signin');
  });

  it("fills in settings holding `$` patterns as they are (a replacement string would read `$'` as the rest of the page)", async () => {
    const supportEmail = "o$'k$`x$&y$$z@example.com";
    const app = await createTestApp({ STATIC_DIR: staticDir, SUPPORT_EMAIL: supportEmail, APP_URL: 'https://brandloom.example' });
    try {
      for (const path of ['/terms', '/library']) {
        const res = await app.http().get(path).expect(200);
        expect(res.text).toContain(`<meta name="brandloom:support-email" content="${escapeHtml(supportEmail)}" />`);
        expect(res.text.match(/<meta name="brandloom:support-email"/g)).toHaveLength(1);
        expect(res.text.match(/<div id="root">/g)).toHaveLength(1);
      }
      expect((await app.http().get('/terms').expect(200)).text).toContain(`<a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>`);
    } finally {
      await app.close();
    }
  });

  it('refuses a SUPPORT_EMAIL that is not an address', async () => {
    await expect(createTestApp({ SUPPORT_EMAIL: 'not an address' })).rejects.toThrow(/SUPPORT_EMAIL must be an email address/);
  });
});
