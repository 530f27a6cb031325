import type { Page } from 'playwright-core';
import { makeAdmin, publishPost } from './admin-setup';
import { baseUrl, BrowserSession, openBrowser } from './browser';
import { PUBLIC_SCREENS, SIGNED_IN_SCREENS } from './routes';
import { signUp } from './accounts';


/** Once the same user is an administrator: the console's screens and a published post. */
const ADMIN_SCREENS = ['/admin', '/admin/blog', '/admin/blog/create', '/admin/audit', '/admin/jobs', '/blog/create'];

/** Records every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  // In-page code as text: this project compiles e2e/ without the DOM library.
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) =>
      window.__reportCspViolation(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' on ' + location.pathname));`,
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  return violations;
}

describe('Content-Security-Policy in the browser', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(() => session.close());

  it('loads every screen, signed out and signed in, without a single violation', async () => {
    const { page } = session;
    const violations = await watchViolations(page);
    // Every public screen, plus the OpenAPI page and the credits redirect.
    for (const path of [...PUBLIC_SCREENS, '/credits', '/api/docs']) {
      await page.goto(path, { waitUntil: 'networkidle' });
    }
    // The OpenAPI page really rendered (its scripts ran under the policy).
    await page.goto('/api/docs', { waitUntil: 'networkidle' });
    await page.locator('.swagger-ui .info').waitFor({ timeout: 15_000 });

    const email = `csp-${Date.now()}@example.com`;
    await signUp(page.request, 'Policy', { email });
    const profile = await page.request.post('/api/brand-profiles', { data: { name: 'Policy Brand' } });
    const { id } = (await profile.json()) as { id: string };
    for (const path of [...SIGNED_IN_SCREENS, `/brand-brain/${id}`, `/brand-profile-details/${id}`]) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator('main, #root > *').first().waitFor();
    }
    await makeAdmin(email);
    const post = await publishPost(page.request, `Policy post ${Date.now()}`);
    for (const path of [...ADMIN_SCREENS, `/admin/blog/edit/${post.id}`, '/blog', `/blog/${post.slug}`]) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator('main, #root > *').first().waitFor();
    }
    expect(violations).toEqual([]);
  }, 180_000);

  it('logs no console error and no page error on the public pages, hydrated from their pre-rendered HTML', async () => {
    // An anonymous visitor: without the signed-in hint cookie no session check is made, so no 401 is logged either.
    const anonymous = await session.browser.newContext({ baseURL: baseUrl() });
    const page = await anonymous.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`${new URL(page.url()).pathname}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${new URL(page.url()).pathname}: ${message.text()}`);
    });
    for (const path of ['/', '/terms', '/privacy', '/meta-deletion', '/signin', '/signup', '/blog']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator('main').first().waitFor();
    }
    // The gallery overlay and the pricing tabs run without errors too.
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('list', { name: 'Sample images' }).getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /Annual/ }).click();
    await anonymous.close();
    expect(problems).toEqual([]);
  });

  it('would report a violation: an inline script is refused', async () => {
    const probe = await session.context.newPage();
    const violations = await watchViolations(probe);
    await probe.goto('/signin', { waitUntil: 'networkidle' });
    await probe.evaluate(`(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.appendChild(script);
    })()`);
    await probe.waitForTimeout(200);
    expect(await probe.evaluate('window.__inlineRan')).toBeUndefined();
    expect(violations.join('\n')).toMatch(/script-src/);
  });
});
