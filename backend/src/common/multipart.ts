import { INPUT_MESSAGES } from '@brandloom/contracts';
import { BadRequestException, CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor, Type } from '@nestjs/common';
import type { Observable } from 'rxjs';

/** What multer's memory storage gives a handler per file (typed here: @types/multer is not installed). */
export interface UploadedMemoryFile {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

/**
 * Wraps a FileInterceptor/FilesInterceptor so that multer's limit errors leave with our messages:
 * `translate` maps them (413 too large, 400 wrong field or too many files) and passes others through.
 */
export function withUploadMessages(Multipart: Type<NestInterceptor>, translate: (error: unknown) => unknown): Type<NestInterceptor> {
  @Injectable()
  class MultipartWithMessages implements NestInterceptor {
    private readonly multipart = new Multipart();

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      try {
        return await this.multipart.intercept(context, next);
      } catch (error) {
        if (isMalformedMultipart(error)) throw new BadRequestException(INPUT_MESSAGES.malformedMultipart);
        throw translate(error);
      }
    }
  }
  return MultipartWithMessages;
}

/** busboy's complaints about the body itself (cut short, no boundary, broken part headers), whatever the fields. */
const MALFORMED_MULTIPART = /unexpected end of (form|multipart)|boundary not found|malformed part header|malformed urlencoded|multipart: /i;

function isMalformedMultipart(error: unknown): boolean {
  const message = error instanceof HttpException ? String((error.getResponse() as { message?: unknown }).message ?? error.message) : error instanceof Error ? error.message : '';
  return MALFORMED_MULTIPART.test(message);
}

/** The message of one of multer's 400s (too many files, unexpected field), or null for any other error. */
export function multerBadRequestMessage(error: unknown): string | null {
  if (!(error instanceof HttpException) || error.getStatus() !== 400) return null;
  return String((error.getResponse() as { message?: unknown }).message ?? error.message);
}
