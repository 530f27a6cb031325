import { APP_URL_PLACEHOLDER, GOOGLE_SIGN_IN_OFF_ATTRIBUTE, PRERENDERED_DIR, PRERENDERED_PAGES, SUPPORT_EMAIL_PLACEHOLDER } from '@brandloom/contracts';
import type { INestApplication } from '@nestjs/common';
import escapeHtml from 'escape-html';
import express, { NextFunction, Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

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
    const page = PRERENDERED_PAGES.find((p) => p.path === path);
    if (!page) return null;
    if (!prerendered.has(path)) {
      const html = read(join(dir, PRERENDERED_DIR, page.file));
      if (html) prerendered.set(path, html);
    }
    return prerendered.get(path) ?? null;
  };

  const sendHtml = (res: Response, html: string) => res.type('html').set('Cache-Control', 'no-cache').send(html);
  const isPageRequest = (req: Request) => (req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api');

  app.use((req: Request, res: Response, next: NextFunction) => {
    const path = decodedPath(req.path);
    const page = PRERENDERED_PAGES.find((p) => p.path === path);
    // A pre-rendered form sent before its script ran (it posts to its own page): back to the page,
    // which now loads with its script; what was typed is not read here.
    if (req.method === 'POST' && page) return res.redirect(303, page.path);
    if (!isPageRequest(req)) return next();
    if (!indexPage()) {
      res.status(503).set('Retry-After', '5').type('text/plain').send('Brandloom is building its web app (the first start does this once): reload in a few seconds.');
      return;
    }
    const html = page && prerenderedPage(page.path);
    return html ? sendHtml(res, html) : next();
  });
  const files = express.static(dir, { index: false, maxAge: '1h' });
  // The pre-rendered sources (with placeholders) are not files to hand out, however the path is spelt.
  app.use((req: Request, res: Response, next: NextFunction) => (isPrerenderedSource(decodedPath(req.path)) ? next() : files(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => (isPageRequest(req) ? sendHtml(res, indexPage()!) : next()));
}
