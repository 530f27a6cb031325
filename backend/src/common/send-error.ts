import type { Response } from 'express';
import { STATUS_CODES } from 'node:http';

/** Writes the API's error shape from plain Express code (middleware, passport callbacks). */
export function sendError(res: Response, statusCode: number, message: string): void {
  res.status(statusCode).json({ statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error' });
}
