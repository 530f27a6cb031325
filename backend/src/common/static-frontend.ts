import {
  APP_URL_PLACEHOLDER,
  GOOGLE_SIGN_IN_OFF_ATTRIBUTE,
  localizedPagePath,
  LOCALIZED_PRERENDERED_PAGES,
  PRERENDERED_DIR,
  PUBLIC_PAGE_LANGUAGES,
  SUPPORT_EMAIL_PLACEHOLDER,
} from '@brandloom/contracts';
import type { INestApplication } from '@nestjs/common';
import escapeHtml from 'escape-html';
import express, { NextFunction, Request, Response } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, posix, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** What the built pages leave to the server: its public origin, its support address, whether Google sign-in is offered. */
export interface FrontendSettings {
  appUrl: string;
  supportEmail: string;
  /** false: the pages hide their Google sign-in button (it could not work). */
  googleSignIn?: boolean;
}

/**
 * A built page with the server's settings in place of the build's placeholders. The settings go in
 * through functions: a replacement string would read `$&`, `$'` or `` $` `` in them as patterns.
 */
export function fillPlaceholders(html: string, settings: FrontendSettings): string {
  const filled = html.replaceAll(APP_URL_PLACEHOLDER, () => escapeHtml(settings.appUrl)).replaceAll(SUPPORT_EMAIL_PLACEHOLDER, () => escapeHtml(settings.supportEmail));
  return settings.googleSignIn === false ? filled.replace(/<html(?=[\s>])/, () => `<html ${GOOGLE_SIGN_IN_OFF_ATTRIBUTE}`) : filled;
}

/**
 * The path a request names once decoded as the static file server decodes it (percent-escapes,
 * `.` and `..` segments, repeated slashes), so that `/%70rerendered/…` or `//prerendered/…` compare
 * as what they are; null when it does not decode (the file server refuses it too).
 */
function decodedPath(path: string): string | null {
  try {
    return posix.normalize(decodeURIComponent(path));
  } catch {
    return null;
  }
}

/** True for the pre-rendered sources, whatever the spelling: they are served only filled in, as their pages. */
function isPrerenderedSource(path: string | null): boolean {
  const lower = path?.toLowerCase();
  return lower === undefined || lower === `/${PRERENDERED_DIR}` || lower.startsWith(`/${PRERENDERED_DIR}/`);
}

/** The build's content-hashed files (Vite's `assets/name-hash.ext`): they never change under their name. */
const HASHED_ASSETS = '/assets/';
/** A year, the longest lifetime caches honour: hashed names make every change a new URL. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** HTML and files kept under a fixed name: the browser asks again (a 304 when unchanged). */
export const REVALIDATE_CACHE = 'no-cache';
/** The encodings the build writes beside each text asset, best first (frontend/scripts/precompress.mjs). */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof PRECOMPRESSED)[number]['encoding'];

/** The best encoding the request accepts among brotli and gzip, or null for the bytes as they are. */
function acceptedEncoding(req: Request): Encoding | null {
  // Asked one by one: among equally weighted encodings the negotiator keeps the header's order, and browsers list gzip first.
  if (!req.headers['accept-encoding']) return null;
  return PRECOMPRESSED.find(({ encoding }) => req.acceptsEncodings(encoding) === encoding)?.encoding ?? null;
}

/**
 * An HTML page compressed for the request's encoding; the page's compressed forms are kept when the
 * page itself is (`cache`), made per answer otherwise (pages rendered per request).
 */
export function sendHtml(req: Request, res: Response, html: string, cache?: Map<string, Buffer>): void {
  res.type('html').set('Cache-Control', REVALIDATE_CACHE).vary('Accept-Encoding');
  const encoding = acceptedEncoding(req);
  if (!encoding) {
    res.send(html);
    return;
  }
  let body = cache?.get(encoding);
  if (!body) {
    const bytes = Buffer.from(html);
    // Brotli's middle quality: most of its gain at a few milliseconds for a page.
    body = encoding === 'br' ? brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(bytes);
    cache?.set(encoding, body);
  }
  res.set('Content-Encoding', encoding).send(body);
}

/**
 * Hands out a hashed asset's pre-compressed twin (`.br`, `.gz`, written at build) when the browser
 * takes that encoding, with the original's type; the file server answers the rest.
 */
function precompressedAssets(dir: string) {
  const root = resolve(dir);
  return (req: Request, res: Response, next: NextFunction) => {
    const path = decodedPath(req.path);
    const encoding = acceptedEncoding(req);
    if (!path?.startsWith(HASHED_ASSETS) || !encoding || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const file = resolve(root, `.${path}`);
    if (!file.startsWith(root + sep)) return next();
    const twin = PRECOMPRESSED.find((p) => p.encoding === encoding)!;
    if (!isFile(file) || !isFile(file + twin.suffix)) return next();
    res.type(extname(file)).vary('Accept-Encoding').set('Content-Encoding', encoding);
    res.sendFile(file + twin.suffix, { cacheControl: false, headers: { 'Cache-Control': IMMUTABLE_CACHE } }, (error) => error && next(error));
  };
}

/**
 * The language of the home page a first visit gets: the one `Accept-Language` prefers among English
 * and the pre-rendered languages, or null for English (no header, or English first). Links to `/`
 * that carry `?lang=` (the pages' language menu) are a visitor's own choice and are not redirected.
 */
function homeLanguage(req: Request): string | null {
  if (!req.headers['accept-language'] || req.query.lang !== undefined) return null;
  const best = req.acceptsLanguages('en', ...PUBLIC_PAGE_LANGUAGES);
  return best && best !== 'en' ? best : null;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built frontend: real files first; the pre-rendered public pages (/, /terms, /privacy,
 * /meta-deletion, /signin, /signup) as their HTML, so visitors and crawlers get the whole page before any script; then
 * index.html for every other client route. On the first `npm start` the API starts while the web
 * app is still being built: pages answer 503 with Retry-After until index.html exists. Each page is
 * read and filled in once, when first found (the pre-rendering step writes its pages after
 * index.html, and a build from before pre-rendering serves those paths as the plain SPA).
 */
export function serveFrontend(app: INestApplication, dir: string, settings: FrontendSettings): void {
  const read = (file: string) => (existsSync(file) ? fillPlaceholders(readFileSync(file, 'utf8'), settings) : null);
  let index: string | null = null;
  const indexPage = () => (index ??= read(join(dir, 'index.html')));
  const prerendered = new Map<string, string>();
  const prerenderedPage = (path: string) => {
    const page = LOCALIZED_PRERENDERED_PAGES.find((p) => p.path === path);
    if (!page) return null;
    if (!prerendered.has(path)) {
      const html = read(join(dir, PRERENDERED_DIR, page.file));
      if (html) prerendered.set(path, html);
    }
    return prerendered.get(path) ?? null;
  };
  // Each built page's compressed forms, made once.
  const compressed = new Map<string, Map<string, Buffer>>();
  const compressedOf = (key: string) => compressed.get(key) ?? compressed.set(key, new Map()).get(key)!;
  const isPageRequest = (req: Request) => (req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api');

  app.use((req: Request, res: Response, next: NextFunction) => {
    const path = decodedPath(req.path);
    const page = LOCALIZED_PRERENDERED_PAGES.find((p) => p.path === path);
    // A pre-rendered form sent before its script ran (it posts to its own page): back to the page,
    // which now loads with its script; what was typed is not read here.
    if (req.method === 'POST' && page) return res.redirect(303, page.path);
    if (!isPageRequest(req)) return next();
    // `/de` is the German home page, whose address ends in a slash.
    const bareLanguage = PUBLIC_PAGE_LANGUAGES.find((language) => path === `/${language}`);
    if (bareLanguage) return res.redirect(301, localizedPagePath('/', bareLanguage));
    if (path === '/') {
      res.vary('Accept-Language');
      const language = homeLanguage(req);
      if (language) return res.redirect(302, localizedPagePath('/', language));
    }
    if (!indexPage()) {
      res.status(503).set('Retry-After', '5').type('text/plain').send('Brandloom is building its web app (the first start does this once): reload in a few seconds.');
      return;
    }
    const html = page && prerenderedPage(page.path);
    return html ? sendHtml(req, res, html, compressedOf(page.path)) : next();
  });
  app.use(precompressedAssets(dir));
  const hashedDir = join(resolve(dir), HASHED_ASSETS);
  const files = express.static(dir, {
    index: false,
    setHeaders: (res, path) => res.setHeader('Cache-Control', path.startsWith(hashedDir) ? IMMUTABLE_CACHE : REVALIDATE_CACHE),
  });
  // The pre-rendered sources (with placeholders) are not files to hand out, however the path is spelt.
  app.use((req: Request, res: Response, next: NextFunction) => (isPrerenderedSource(decodedPath(req.path)) ? next() : files(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => (isPageRequest(req) ? sendHtml(req, res, indexPage()!, compressedOf('index')) : next()));
}
