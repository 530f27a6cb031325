import { BullMqQueueDriver, JOB_NAMES, QueuePort } from '@brandloom/core';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { originCheck } from '../common/origin-check.middleware';
import { sendError } from '../common/send-error';

export const QUEUE_BOARD_PATH = '/admin/queues';

/** The same rule as AdminGuard, for plain Express routes: 401 signed out, 403 for members. */
function requireAdmin(req: Request, res: Response, next: NextFunction): void {
  if (!req.isAuthenticated()) return sendError(res, 401, 'not_authenticated', 'Not authenticated');
  if (!req.user?.is_admin) return sendError(res, 403, 'admin_required', 'Administrator access required');
  next();
}

/**
 * bull-board's view of the BullMQ queues at /admin/queues, for administrators only. Mounted only
 * when the queues live in Redis: the in-process driver has nothing to show (the console's
 * Operations screen reads PostgreSQL and works either way). Returns whether it was mounted.
 */
export function registerQueueBoard(app: NestExpressApplication, trustedOrigins: readonly string[]): boolean {
  const queue = app.get(QueuePort);
  if (!(queue instanceof BullMqQueueDriver)) return false;
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queue.queuesFor(JOB_NAMES).map((q) => new BullMQAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Brandloom queues' } },
  });
  // The board retries and cleans jobs with POST/PUT: those must come from our own pages too.
  app.use(QUEUE_BOARD_PATH, requireAdmin, originCheck(trustedOrigins), serverAdapter.getRouter());
  return true;
}
