import { BadRequestException, CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { BULK_CSV_FIELD, BULK_CSV_MAX_BYTES, BULK_MESSAGES } from '@brandloom/core';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';

/** What multer's memory storage gives the handler (typed here: @types/multer is not installed). */
export interface UploadedCsvFile {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

const Multipart = FileInterceptor(BULK_CSV_FIELD, {
  // Memory storage; the 1 MB limit is enforced while streaming. The file is checked by content.
  limits: { fileSize: BULK_CSV_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
});

/**
 * Parses POST /api/generate/bulk's multipart body (one CSV under `file`, at most 1 MB) and answers
 * multer's limits with our messages: a larger file → 413, a second file or another field name → 400.
 */
@Injectable()
export class BulkCsvInterceptor implements NestInterceptor {
  private readonly multipart = new Multipart();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multipart.intercept(context, next);
    } catch (error) {
      throw translate(error);
    }
  }
}

function translate(error: unknown): unknown {
  if (error instanceof PayloadTooLargeException) return new PayloadTooLargeException(BULK_MESSAGES.fileTooLarge);
  if (!(error instanceof HttpException) || error.getStatus() !== 400) return error;
  const message = String((error.getResponse() as { message?: unknown }).message ?? error.message);
  if (/too many files|unexpected/i.test(message)) return new BadRequestException(BULK_MESSAGES.fileField);
  return error;
}
