import { BULK_TEMPLATE_CSV, BULK_TEMPLATE_FILENAME, BULK_TEMPLATE_PATH } from '@brandloom/contracts';

import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, Request, Response } from 'express';

/**
 * GET /templates/bulk-generation.csv (outside /api, where the studio links it): the bulk CSV
 * template as a download. Registered on Express directly, before the single-page app's fallback
 * (which would otherwise answer index.html for it), and public like the page that links it.
 */
export function registerBulkTemplateRoute(app: NestExpressApplication): void {
  (app.getHttpAdapter().getInstance() as Express).get(BULK_TEMPLATE_PATH, serveBulkTemplate);
}

export function serveBulkTemplate(_req: Request, res: Response): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${BULK_TEMPLATE_FILENAME}"`);
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.send(BULK_TEMPLATE_CSV);
}
