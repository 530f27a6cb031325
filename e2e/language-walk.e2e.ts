import { localizedPagePath, PRERENDERED_PAGES } from '@brandloom/contracts';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import ts from 'typescript';
import { publishPost } from './admin-setup';
import { axeViolations } from './axe';
import { baseUrl, BrowserSession, openBrowser } from './browser';
import { waitForMailedLink } from './mail';
import { ADMIN_SCREENS, APP_SCREENS, PUBLIC_SCREENS, WIDTHS } from './routes';
import { signUp } from './accounts';

/**
 * Every screen in Spanish, French and German, at desktop and phone width, in one browser: the
 * signed-in app and the admin console (the language from PATCH /api/users/me/preferences) and every
 * public page (the pre-rendered pages and the blog at their /{language}/ addresses; the others by
 * the browser's language). On each: no missing message (react-intl's report in the console), no
 * English left (visible text against the en-US catalogue and a few English-only words), nothing
 * wider than the window, no clipped button, tab or chip, and axe's WCAG 2 A/AA rules. The findings
 * are listed per screen and language.
 */

type Language = 'es' | 'fr' | 'de';
const LANGUAGES: readonly Language[] = ['es', 'fr', 'de'];

/** A catalogue of the web app (frontend/src/locales/<language>.ts, an ES module of the frontend's own), read as data. */
function catalogue(language: string): Record<string, string> {
  const source = readFileSync(join(__dirname, '..', 'frontend', 'src', 'locales', `${language}.ts`), 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const loaded: { exports: { default?: Record<string, string> } } = { exports: {} };
  new Function('module', 'exports', outputText)(loaded, loaded.exports);
  return loaded.exports.default!;
}
const CATALOGUES: Record<Language, Record<string, string>> = { es: catalogue('es'), fr: catalogue('fr'), de: catalogue('de') };
const english = catalogue('en-US');

/**
 * The public screens, and besides the pages for a missing post and a wrong invitation a published
 * post (`{post}`: its slug) and a pending invitation (`{invitation}`: its mailed link's path).
 */
const VISITOR_SCREENS = [...PUBLIC_SCREENS, '/blog/{post}', '{invitation}'];
const PRERENDERED = new Set<string>(PRERENDERED_PAGES.map((page) => page.path));
/** Where a visitor in `language` opens a public screen: the pre-rendered pages and the blog at the language's own address (`/de/terms`, `/de/blog`); the others by the browser's language. */
function inLanguage(path: string, language: Language): string {
  const [pathname] = path.split('?');
  return PRERENDERED.has(pathname) || pathname === '/blog' || pathname.startsWith('/blog/') ? localizedPagePath(path, language) : path;
}

/**
 * Words that are the same in the target language or are names: the glossary's kept terms, plan and
 * bundle names, product and company names.
 */
const ALLOWED = new Set(['Brandloom', 'Brand Brain', 'Studio', 'Blog', 'Starter', 'Pro', 'Agency', 'Team+', 'Beta Pass', 'Beta Pass Plus', 'Meta', 'Meta Ads', 'Google', 'Stripe', 'OpenAI', 'B2B', 'SaaS', 'CSV', 'API', 'RSS', 'LinkedIn', 'Webhooks', 'Prompt', 'Logo', 'OK']);
/** Words only English has (none is a word of Spanish, French or German): two in one text is English. */
const ENGLISH_ONLY = new Set(['the', 'and', 'your', 'you', 'with', 'this', 'that', 'from', 'are', 'have', 'not', 'for', 'our', 'is', 'been', 'was', 'has', 'of', 'to', 'yet', 'no.', 'can', 'could', 'should', 'would', 'here', 'there', 'when', 'what', 'which', 'will']);

/** The en-US messages that are not also a message of `language`, as exact texts and as patterns (placeholders matching anything). */
function englishOnly(language: Language): { texts: Set<string>; patterns: RegExp[] } {
  const own = new Set(Object.values(CATALOGUES[language]));
  const texts = new Set<string>();
  const patterns: RegExp[] = [];
  for (const text of Object.values(english)) {
    if (own.has(text) || ALLOWED.has(text) || !/[a-z]{2}/i.test(text)) continue;
    if (!text.includes('{')) texts.add(text);
    else if (!/, (plural|select)/.test(text) && text.replace(/\{[^}]+\}/g, '').trim().split(/\s+/).length >= 2) {
      patterns.push(new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '.+')}$`));
    }
  }
  return { texts, patterns };
}

/** The few browser types the page-side callbacks use (the e2e project compiles without the DOM library). */
interface PageNode {
  nodeValue: string | null;
  parentElement: PageElement | null;
}
interface PageElement {
  closest(selector: string): PageElement | null;
  checkVisibility(options?: object): boolean;
  getBoundingClientRect(): { left: number; right: number; width: number; height: number };
  parentElement: PageElement | null;
  scrollWidth: number;
  clientWidth: number;
  textContent: string | null;
  tagName: string;
  getAttribute(name: string): string | null;
}
interface PageWindow {
  document: {
    body: unknown;
    scrollingElement: { scrollWidth: number };
    querySelectorAll(selector: string): ArrayLike<PageElement>;
    createTreeWalker(root: unknown, what: number): { nextNode(): PageNode | null };
    documentElement: { lang: string };
  };
  innerWidth: number;
  getComputedStyle(element: PageElement): { overflowX: string; overflow: string; textOverflow: string; visibility: string; opacity: string };
}

interface Findings {
  lang: string;
  texts: string[];
  scrollWidth: number;
  innerWidth: number;
  outside: string[];
  clipped: string[];
}

/** Reads the page: its language, its visible texts (user content marked data-i18n-ignore and post bodies left out), overflow and clipped controls. */
async function readPage(page: Page): Promise<Findings> {
  return page.evaluate(() => {
    const view = globalThis as unknown as PageWindow;
    const doc = view.document;
    const texts: string[] = [];
    const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.nodeValue ?? '').replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, code, pre, [data-i18n-ignore], .blog-body, .blog-card h2, .blog-card p, [translate="no"]')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      texts.push(text);
    }
    const scrolls = (element: PageElement): boolean => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        if (['auto', 'scroll'].includes(view.getComputedStyle(node).overflowX) && node.scrollWidth > node.clientWidth) return true;
      }
      return false;
    };
    const name = (element: PageElement) => `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const controls = Array.from(doc.querySelectorAll('button, a[href], [role=tab], [role=button], input, .MuiChip-root')).filter((element) => {
      const rect = element.getBoundingClientRect();
      const style = view.getComputedStyle(element);
      return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && style.opacity !== '0';
    });
    const outside = controls.filter((element) => {
      const rect = element.getBoundingClientRect();
      return (rect.right > view.innerWidth + 0.5 || rect.left < -0.5) && !scrolls(element);
    });
    // A label cut short inside its button, tab or chip (hidden overflow or an ellipsis).
    const clipped = Array.from(doc.querySelectorAll('button, [role=tab], .MuiButton-root, .MuiChip-label, .MuiTab-root')).filter((element) => {
      if (!element.checkVisibility() || element.scrollWidth <= element.clientWidth + 1) return false;
      const style = view.getComputedStyle(element);
      return style.overflow !== 'visible' || style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    });
    return {
      lang: doc.documentElement.lang,
      texts,
      scrollWidth: doc.scrollingElement.scrollWidth,
      innerWidth: view.innerWidth,
      outside: outside.map(name),
      clipped: clipped.map(name),
    };
  });
}

/** The English a page shows in `language`: texts that are en-US-only messages, or that read as English. */
function englishLeft(texts: string[], language: Language, catalogue: ReturnType<typeof englishOnly>): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (ALLOWED.has(text)) continue;
    if (catalogue.texts.has(text) || catalogue.patterns.some((pattern) => pattern.test(text))) {
      found.add(text);
      continue;
    }
    const words = text.toLowerCase().split(/[\s,.;:!?()“”"]+/).filter(Boolean);
    if (words.length >= 3 && new Set(words.filter((word) => ENGLISH_ONLY.has(word))).size >= 2) found.add(text);
  }
  return [...found].map((text) => (text.length > 90 ? `${text.slice(0, 90)}…` : text));
}

/** Until the screen's data is in: no spinner or skeleton left (a busy one stays: checked as it is). */
async function settle(page: Page): Promise<void> {
  await page.locator('[role=progressbar], .MuiSkeleton-root').first().waitFor({ state: 'detached', timeout: 3_000 }).catch(() => undefined);
}

const SHOTS = process.env.E2E_SCREENSHOTS;
const shotName = (language: string, label: string, path: string) => `${language}-${label}-${path.replace(/^\//, '').replace(/[/?=]+/g, '-') || 'root'}.png`;

interface Result {
  screen: string;
  language: Language;
  width: string;
  problems: string[];
  ms: number;
}

let session: BrowserSession;
const results: Result[] = [];
const missing: string[] = [];

beforeAll(async () => {
  session = await openBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await session?.close();
});

/** Collects react-intl's reports of a missing message (and any console error) on a page. */
function listen(page: Page, where: () => string): void {
  page.on('console', (message) => {
    if (message.text().startsWith('[i18n]') || (message.type() === 'error' && /MISSING_TRANSLATION|missing message/i.test(message.text()))) missing.push(`${where()}: ${message.text().slice(0, 200)}`);
  });
}

async function check(page: Page, screen: string, language: Language, label: string, catalogue: ReturnType<typeof englishOnly>, began: number): Promise<void> {
  // A visitor's page switches to the browser's language once its catalogue has loaded.
  await page.waitForFunction((lang) => (globalThis as unknown as PageWindow).document.documentElement.lang === lang, language, { timeout: 5_000 }).catch(() => undefined);
  await settle(page);
  const found = await readPage(page);
  const problems: string[] = [];
  if (found.lang !== language) problems.push(`<html lang="${found.lang}">`);
  const english = englishLeft(found.texts, language, catalogue);
  if (english.length > 0) problems.push(`English: ${english.join(' | ')}`);
  if (found.scrollWidth > found.innerWidth) problems.push(`${found.scrollWidth} px wide in a ${found.innerWidth} px window`);
  if (found.outside.length > 0) problems.push(`past the window's edge: ${found.outside.join(', ')}`);
  if (found.clipped.length > 0) problems.push(`clipped: ${found.clipped.join(', ')}`);
  problems.push(...(await axeViolations(page)));
  results.push({ screen, language, width: label, problems, ms: Date.now() - began });
  if (SHOTS) await page.screenshot({ path: join(SHOTS, shotName(language, label, screen)), fullPage: true });
}

/** The signed-in app moves between its screens without a page load (as its links do); the admin console is its own app. */
async function open(page: Page, path: string): Promise<void> {
  const current = new URL(page.url());
  if (current.origin !== new URL(baseUrl()).origin || path.startsWith('/admin') || current.pathname.startsWith('/admin')) {
    await page.goto(path);
  } else {
    // What the screen shows now is marked; the next screen is there once something unmarked is.
    await page.evaluate((to) => {
      const view = globalThis as unknown as {
        document: { querySelectorAll(selector: string): ArrayLike<{ setAttribute(name: string, value: string): void }> };
        history: { pushState(data: unknown, title: string, url: string): void };
        dispatchEvent(event: unknown): void;
        PopStateEvent: new (type: string) => unknown;
      };
      Array.from(view.document.querySelectorAll('main *')).forEach((element) => element.setAttribute('data-walk-stale', ''));
      view.history.pushState(null, '', to);
      view.dispatchEvent(new view.PopStateEvent('popstate'));
    }, path);
    await page.waitForFunction(() => (globalThis as unknown as PageWindow).document.querySelectorAll('main *:not([data-walk-stale])').length > 0, undefined, { timeout: 10_000 });
  }
  await page.locator('main').first().waitFor({ state: 'attached' });
}

it('walks every screen in Spanish, French and German at desktop and phone width', async () => {
  const started = Date.now();
  const { page: member, context } = session;
  let where = '';
  listen(member, () => where);
  const email = `walker-${Date.now()}@example.com`;
  await signUp(member.request, 'Walker', { email, admin: true });
  // A little of everything the screens list: an image, a brand profile, an invitation, a blog post.
  expect((await member.request.post('/api/generate/test', { data: { prompt: 'Matcha 2026', quality: 'low', size: '1024x1024' } })).status()).toBe(201);
  const profile = (await (await member.request.post('/api/brand-profiles', { data: { name: 'Verde Matcha' } })).json()) as { id: string };
  const invitee = `invitee-${Date.now()}@example.com`;
  expect((await member.request.post('/api/organization/invitations', { data: { email: invitee, role: 'member' } })).status()).toBe(201);
  const post = await publishPost(member.request, `Walk ${Date.now()}`);
  // The invitation as its recipient opens it: the mailed link's token.
  const invitation = await waitForMailedLink(process.env.E2E_MAIL_DIR!, invitee, /\/invitations\/[A-Za-z0-9_-]+/);

  for (const language of LANGUAGES) {
    const catalogue = englishOnly(language);
    expect((await member.request.patch('/api/users/me/preferences', { data: { language } })).status()).toBe(200);
    // A visitor whose browser speaks the language (what the pages outside /{language}/ go by).
    const anonymous = await session.browser.newContext({ baseURL: baseUrl(), locale: language, extraHTTPHeaders: { 'Accept-Language': language } });
    const guest = await anonymous.newPage();
    listen(guest, () => where);
    try {
      for (const [label, viewport] of Object.entries(WIDTHS)) {
        await member.setViewportSize(viewport);
        await guest.setViewportSize(viewport);
        await member.goto('/dashboard');
        for (const path of [...APP_SCREENS, ...ADMIN_SCREENS]) {
          where = `${language} ${label} ${path}`;
          const began = Date.now();
          await open(member, path.replace('{profile}', () => profile.id));
          await check(member, path, language, label, catalogue, began);
        }
        for (const path of VISITOR_SCREENS) {
          where = `${language} ${label} ${path}`;
          const began = Date.now();
          await guest.goto(inLanguage(path, language).replace('{post}', () => post.slug).replace('{invitation}', () => invitation));
          await guest.locator('main, #main').first().waitFor({ state: 'attached' });
          await check(guest, path, language, label, catalogue, began);
        }
      }
    } finally {
      await anonymous.close();
    }
  }
  await context.clearCookies();

  // The report: every screen with its findings per language and width.
  const summary = results.map((r) => ({ ...r, passed: r.problems.length === 0 }));
  const byScreen = new Map<string, string[]>();
  for (const r of summary) byScreen.set(r.screen, [...(byScreen.get(r.screen) ?? []), `${r.language}/${r.width}:${r.passed ? 'ok' : 'FAIL'}(${(r.ms / 1000).toFixed(1)}s)`]);
  const report = [...byScreen].map(([screen, outcomes]) => `${screen.padEnd(28)} ${outcomes.join('  ')}`).join('\n');
  console.log(`language walk in ${Math.round((Date.now() - started) / 1000)} s\n${report}`);
  if (SHOTS) writeFileSync(join(SHOTS, 'language-walk.json'), JSON.stringify({ summary, missing }, null, 2));

  expect(missing).toEqual([]);
  expect(summary.filter((r) => !r.passed).map((r) => `${r.language}/${r.width} ${r.screen}: ${r.problems.join('; ')}`)).toEqual([]);
}, 420_000);
