import { INPUT_MESSAGES } from '@brandloom/contracts';
import express, { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { sendError } from './send-error';

/** Keeps the exact bytes for signature checks (the Stripe webhook reads req.rawBody). */
const keepRawBody = (req: IncomingMessage, _res: unknown, buffer: Buffer) => {
  (req as IncomingMessage & { rawBody?: Buffer }).rawBody = buffer;
};

/**
 * express.json with the API's answers: malformed JSON → 400 'Malformed JSON in request body',
 * too large → 413 `tooLargeMessage`, in the `{statusCode, message, error}` shape.
 */
export function jsonBodyParser(limit: string, tooLargeMessage = 'Request body is too large') {
  const parse = express.json({ limit, verify: keepRawBody });
  return function jsonBody(req: Request, res: Response, next: NextFunction): void {
    parse(req, res, (error?: unknown) => {
      if (!error) return next();
      const { type, status } = error as { type?: string; status?: number };
      if (type === 'entity.too.large') return sendError(res, 413, tooLargeMessage);
      if (type === 'entity.parse.failed') return sendError(res, 400, INPUT_MESSAGES.malformedJson);
      // Unsupported charset or encoding, aborted or short bodies: the client's fault, said plainly.
      if (status && status < 500) return sendError(res, status, (error as Error).message || INPUT_MESSAGES.malformedJson);
      next(error);
    });
  };
}
