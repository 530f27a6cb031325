import { APP_URL_PLACEHOLDER, GOOGLE_SIGN_IN_OFF_ATTRIBUTE, SUPPORT_EMAIL_PLACEHOLDER } from '@brandloom/contracts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from './test-app';

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

  it('does not hand out the pre-rendered sources with their placeholders', async () => {
    const res = await t.http().get('/prerendered/index.html').expect(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).not.toContain('__BRANDLOOM_');
  });

  it('refuses a SUPPORT_EMAIL that is not an address', async () => {
    await expect(createTestApp({ SUPPORT_EMAIL: 'not an address' })).rejects.toThrow(/SUPPORT_EMAIL must be an email address/);
  });
});
