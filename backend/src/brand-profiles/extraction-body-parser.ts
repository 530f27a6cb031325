import { BRAND_MESSAGES } from '@brandloom/contracts';
import express, { NextFunction, Request, Response } from 'express';
import { STATUS_CODES } from 'node:http';

/** POST /api/brand-profiles/extract carries up to 10 MB of images as base64 data URLs (4/3 of the bytes, plus JSON). */
export const BRAND_EXTRACT_PATH = '/api/brand-profiles/extract';
export const BRAND_EXTRACT_BODY_LIMIT = '15mb';

/**
 * The JSON parser of the extraction route, with room for 10 MB of images. The application's own
 * parser (100 kB) runs after it and skips a body parsed here. Only signed-in callers get the larger
 * limit; a body beyond it answers 413 'Files too large' in the API's error shape.
 * Mount it after the session middleware, before the application's parsers (configureApp).
 */
export function brandExtractionBodyParser() {
  const parse = express.json({ limit: BRAND_EXTRACT_BODY_LIMIT });
  return function brandExtractionJson(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== 'POST' || !req.isAuthenticated?.()) return next();
    parse(req, res, (error?: unknown) => {
      if (!error) return next();
      const type = (error as { type?: string }).type;
      const status = type === 'entity.too.large' ? 413 : ((error as { status?: number }).status ?? 400);
      const message = type === 'entity.too.large' ? BRAND_MESSAGES.filesTooLarge : type === 'entity.parse.failed' ? 'Malformed JSON in request body' : (error as Error).message;
      res.status(status).json({ statusCode: status, message, error: STATUS_CODES[status] ?? 'Error' });
    });
  };
}
