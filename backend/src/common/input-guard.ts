import { hasForbiddenText, INPUT_MAX_DEPTH, INPUT_MESSAGES } from '@brandloom/contracts';
import { ArgumentMetadata, BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { sendError } from './send-error';

/**
 * The one rule for every value a client sends: at most INPUT_MAX_DEPTH levels of nesting, and no NUL,
 * other control characters (tab and line ends allowed) or lone surrogates in any string or key.
 * Returns the message naming the first offending field, or null. Iterative, so no input can exhaust the stack.
 */
export function inputProblem(value: unknown, rootName = 'Request body'): string | null {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (pending.length > 0) {
    const { value: current, path, depth } = pending.pop()!;
    if (typeof current === 'string') {
      if (hasForbiddenText(current)) return INPUT_MESSAGES.invalidText(path || rootName);
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (depth >= INPUT_MAX_DEPTH) return INPUT_MESSAGES.tooDeep;
    if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: `${path || rootName}[${index}]`, depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (hasForbiddenText(key)) return INPUT_MESSAGES.invalidText(path || rootName);
      pending.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}

/** Express middleware after the body parsers: JSON bodies and query strings. */
export function inputGuard(req: Request, res: Response, next: NextFunction): void {
  const problem = inputProblem(req.body) ?? inputProblem(req.query, 'Query');
  if (problem) return sendError(res, 400, problem);
  next();
}

/** The same rule for what only exists once Nest has run the route's interceptors: multipart fields and path parameters. */
@Injectable()
export class InputGuardPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      const problem = inputProblem(value, metadata.type === 'param' ? (metadata.data ?? 'Path parameter') : 'Request body');
      if (problem) throw new BadRequestException(problem);
    }
    return value;
  }
}
