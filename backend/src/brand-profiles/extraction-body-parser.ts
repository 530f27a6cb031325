import { BRAND_MESSAGES } from '@brandloom/contracts';
import type { NextFunction, Request, Response } from 'express';
import { jsonBodyParser } from '../common/json-body';

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
  const parse = jsonBodyParser(BRAND_EXTRACT_BODY_LIMIT, { code: 'brand_images_too_large', message: BRAND_MESSAGES.filesTooLarge });
  return function brandExtractionJson(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== 'POST' || !req.isAuthenticated?.()) return next();
    parse(req, res, next);
  };
}
