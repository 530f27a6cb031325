import {
  GENERATION_MESSAGES,
  GENERATION_PROGRESS_MESSAGES,
  REFERENCE_IMAGE_MAX_BYTES,
  REFERENCE_IMAGES_FIELD,
  REFERENCE_IMAGES_MAX_COUNT,
} from '@brandloom/contracts';
import { BadRequestException, CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';

/** What multer's memory storage gives the handler per file (typed here: @types/multer is not installed). */
export interface UploadedImageFile {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

const Multipart = FilesInterceptor(REFERENCE_IMAGES_FIELD, REFERENCE_IMAGES_MAX_COUNT, {
  // Memory storage: the files are checked by content and stored by the service.
  limits: { fileSize: REFERENCE_IMAGE_MAX_BYTES, files: REFERENCE_IMAGES_MAX_COUNT + 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
});

/**
 * Parses POST /api/studio's multipart body (up to 4 files under `images`, 10 MB each, enforced
 * while streaming) and answers multer's limits with the spec's messages: a file above 10 MB → 413,
 * a fifth file → 400 'You can only upload up to 4 reference images'.
 */
@Injectable()
export class ReferenceImagesInterceptor implements NestInterceptor {
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
  if (error instanceof PayloadTooLargeException) return new PayloadTooLargeException(GENERATION_MESSAGES.referenceImageTooLarge);
  if (!(error instanceof HttpException) || error.getStatus() !== 400) return error;
  const message = String((error.getResponse() as { message?: unknown }).message ?? error.message);
  if (/too many files/i.test(message) || (/unexpected/i.test(message) && message.endsWith(`- ${REFERENCE_IMAGES_FIELD}`))) {
    return new BadRequestException(GENERATION_MESSAGES.referenceImagesTooMany);
  }
  if (/unexpected/i.test(message)) return new BadRequestException(GENERATION_PROGRESS_MESSAGES.unexpectedFileField);
  return error;
}
