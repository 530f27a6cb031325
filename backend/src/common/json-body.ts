import { INPUT_MESSAGES, type ErrorCode } from '@brandloom/contracts';
import express, { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { sendError } from './send-error';

/** Keeps the exact bytes for signature checks (the Stripe webhook reads req.rawBody). */
const keepRawBody = (req: IncomingMessage, _res: unknown, buffer: Buffer) => {
  (req as IncomingMessage & { rawBody?: Buffer }).rawBody = buffer;
};

interface Refusal {
  statusCode: number;
  code: ErrorCode;
  message: string;
}

const BODY_TOO_LARGE: Pick<Refusal, 'code' | 'message'> = { code: 'body_too_large', message: 'Request body is too large' };

/**
 * A body-parser error the client caused, as the API answers it (null for anything else): too large,
 * malformed JSON, an unsupported charset or encoding, an aborted or short body.
 */
export function bodyParserRefusal(error: unknown, tooLarge = BODY_TOO_LARGE): Refusal | null {
  if (!(error instanceof Error)) return null;
  const { type, status } = error as { type?: string; status?: number };
  if (!type || !status || status >= 500) return null;
  if (type === 'entity.too.large') return { statusCode: 413, ...tooLarge };
  if (type === 'entity.parse.failed') return { statusCode: 400, code: 'malformed_json', message: INPUT_MESSAGES.malformedJson };
  const code = type === 'charset.unsupported' || type === 'encoding.unsupported' ? 'body_encoding_unsupported' : 'body_unreadable';
  return { statusCode: status, code, message: error.message || INPUT_MESSAGES.malformedJson };
}

/**
 * express.json with the API's answers: malformed JSON → 400 'Malformed JSON in request body',
 * too large → 413 with `tooLarge`'s code and message, in the `{statusCode, message, error, code}` shape.
 */
export function jsonBodyParser(limit: string, tooLarge = BODY_TOO_LARGE) {
  const parse = express.json({ limit, verify: keepRawBody });
  return function jsonBody(req: Request, res: Response, next: NextFunction): void {
    parse(req, res, (error?: unknown) => {
      if (!error) return next();
      const refusal = bodyParserRefusal(error, tooLarge);
      if (refusal) return sendError(res, refusal.statusCode, refusal.code, refusal.message);
      next(error);
    });
  };
}
