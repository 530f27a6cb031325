import type { ErrorCode, ErrorParams } from '@brandloom/contracts';
import type { Response } from 'express';
import { STATUS_CODES } from 'node:http';

/** Writes the API's error shape from plain Express code (middleware, passport callbacks). */
export function sendError(res: Response, statusCode: number, code: ErrorCode, message: string, params?: ErrorParams): void {
  res.status(statusCode).json({ statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error', code, ...(params && { params }) });
}

/** The body of an HttpException thrown by the HTTP layer itself: `new BadRequestException(coded('nothing_to_update', message))`. */
export interface CodedBody {
  message: string | string[];
  code: ErrorCode;
  params?: ErrorParams;
  errors?: unknown[];
}

export function coded(code: ErrorCode, message: string | string[], more: Pick<CodedBody, 'params' | 'errors'> = {}): CodedBody {
  return { message, code, ...more };
}
