import { INPUT_MESSAGES } from '@brandloom/contracts';
import { BadRequestException, CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor, PayloadTooLargeException, Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import type { Observable } from 'rxjs';
import { coded } from './send-error';

/** What multer's memory storage gives a handler per file. */
export type UploadedMemoryFile = Pick<Express.Multer.File, 'fieldname' | 'originalname' | 'mimetype' | 'size' | 'buffer'>;

/** The files one multipart route takes, held in memory: under `field`, one (or up to `maxCount`), within multer's `limits`. */
export interface UploadSpec {
  field: string;
  /** Several files, as an array for @UploadedFiles(); one file for @UploadedFile() when absent. */
  maxCount?: number;
  limits: NonNullable<multer.Options['limits']>;
}

/** A route's own answer to one of multer's refusals, told apart by its code; undefined keeps the default answer. */
export type UploadRefusals = (error: MulterError) => HttpException | undefined;

/**
 * Parses a multipart body with multer and answers its refusals by their codes: the route's own
 * answers first (`refusals`), then 413 for a file above the size limit and 400 naming the limit for
 * the others. Whatever else multer reports comes from reading the body itself (cut short, no
 * boundary, broken part headers): one 400 for a malformed body.
 */
export function uploadInterceptor(spec: UploadSpec, refusals: UploadRefusals = () => undefined): Type<NestInterceptor> {
  const upload = multer({ storage: multer.memoryStorage(), limits: spec.limits });
  const parse = spec.maxCount === undefined ? upload.single(spec.field) : upload.array(spec.field, spec.maxCount);

  @Injectable()
  class UploadInterceptor implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      await new Promise<void>((resolve, reject) =>
        parse(http.getRequest<Request>(), http.getResponse<Response>(), (error?: unknown) => (error ? reject(refusalOf(error, refusals)) : resolve())),
      );
      return next.handle();
    }
  }
  return UploadInterceptor;
}

function refusalOf(error: unknown, refusals: UploadRefusals): HttpException {
  if (!(error instanceof MulterError)) return new BadRequestException(coded('malformed_multipart', INPUT_MESSAGES.malformedMultipart));
  const own = refusals(error);
  if (own) return own;
  if (error.code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeException(coded('upload_file_too_large', error.message));
  return new BadRequestException(coded('upload_refused', error.field ? `${error.message} - ${error.field}` : error.message, { params: { limit: error.code, ...(error.field && { field: error.field }) } }));
}

/** A second file where one is taken, or a file under another field: what the one-file routes answer alike. */
export const isUnexpectedFile = (error: MulterError): boolean => error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE';
