import { APP_URL_PLACEHOLDER, PRERENDERED_DIR, PRERENDERED_PAGES, SUPPORT_EMAIL_PLACEHOLDER } from '@brandloom/contracts';
import type { INestApplication } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const escapeHtml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!);

/** What the built pages leave to the server: its public origin and its support address. */
export interface FrontendSettings {
  appUrl: string;
  supportEmail: string;
}

/** A built page with the server's settings in place of the build's placeholders. */
export function fillPlaceholders(html: string, settings: FrontendSettings): string {
  return html.replaceAll(APP_URL_PLACEHOLDER, escapeHtml(settings.appUrl)).replaceAll(SUPPORT_EMAIL_PLACEHOLDER, escapeHtml(settings.supportEmail));
}

/**
 * Serves the built frontend: real files first; the pre-rendered public pages (/, /terms, /privacy,
 * /meta-deletion) as their HTML, so visitors and crawlers get the whole page before any script; then
 * index.html for every other client route. Pages are read and filled in once, at start.
 */
export function serveFrontend(app: INestApplication, dir: string, settings: FrontendSettings): void {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`STATIC_DIR ${dir} has no index.html: run npm run build first`);
  const index = fillPlaceholders(readFileSync(indexFile, 'utf8'), settings);
  const prerendered = new Map<string, string>();
  for (const page of PRERENDERED_PAGES) {
    const file = join(dir, PRERENDERED_DIR, page.file);
    // A build from before pre-rendering (or a partial one) still works as a plain SPA.
    if (existsSync(file)) prerendered.set(page.path, fillPlaceholders(readFileSync(file, 'utf8'), settings));
  }

  const sendHtml = (res: Response, html: string) => res.type('html').set('Cache-Control', 'no-cache').send(html);
  const isPageRequest = (req: Request) => (req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api');

  app.use((req: Request, res: Response, next: NextFunction) => {
    const page = isPageRequest(req) ? prerendered.get(req.path) : undefined;
    return page ? sendHtml(res, page) : next();
  });
  const files = express.static(dir, { index: false, maxAge: '1h' });
  // The pre-rendered sources (with placeholders) are not files to hand out.
  app.use((req: Request, res: Response, next: NextFunction) => (req.path.startsWith(`/${PRERENDERED_DIR}/`) ? next() : files(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => (isPageRequest(req) ? sendHtml(res, index) : next()));
}
