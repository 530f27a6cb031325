import { hasForbiddenText, INPUT_MAX_DEPTH, INPUT_MESSAGES, type ErrorCode } from '@brandloom/contracts';
import { ArgumentMetadata, BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { coded, sendError } from './send-error';

interface InputProblem {
  code: Extract<ErrorCode, 'input_invalid_text' | 'input_too_deep'>;
  message: string;
  params: { field: string } | { max: number };
}

const invalidText = (field: string): InputProblem => ({ code: 'input_invalid_text', message: INPUT_MESSAGES.invalidText(field), params: { field } });
const TOO_DEEP: InputProblem = { code: 'input_too_deep', message: INPUT_MESSAGES.tooDeep, params: { max: INPUT_MAX_DEPTH } };

/**
 * The one rule for every value a client sends: at most INPUT_MAX_DEPTH levels of nesting, and no NUL,
 * other control characters (tab and line ends allowed) or lone surrogates in any string or key.
 * Returns the first problem (its message names the offending field), or null. Iterative, so no input can exhaust the stack.
 */
export function inputProblem(value: unknown, rootName = 'Request body'): InputProblem | null {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (pending.length > 0) {
    const { value: current, path, depth } = pending.pop()!;
    if (typeof current === 'string') {
      if (hasForbiddenText(current)) return invalidText(path || rootName);
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (depth >= INPUT_MAX_DEPTH) return TOO_DEEP;
    if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: `${path || rootName}[${index}]`, depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (hasForbiddenText(key)) return invalidText(path || rootName);
      pending.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}

/** Express middleware after the body parsers: JSON bodies and query strings. */
export function inputGuard(req: Request, res: Response, next: NextFunction): void {
  const problem = inputProblem(req.body) ?? inputProblem(req.query, 'Query');
  if (problem) return sendError(res, 400, problem.code, problem.message, problem.params);
  next();
}

/** The same rule for what only exists once Nest has run the route's interceptors: multipart fields and path parameters. */
@Injectable()
export class InputGuardPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      const problem = inputProblem(value, metadata.type === 'param' ? (metadata.data ?? 'Path parameter') : 'Request body');
      if (problem) throw new BadRequestException(coded(problem.code, problem.message, { params: problem.params }));
    }
    return value;
  }
}
