import { PROFILE_IMAGE_MAX_BYTES, USER_MESSAGES, type ErrorCode } from '@brandloom/contracts';
import { BadRequestException, PayloadTooLargeException, type NestInterceptor, type Type } from '@nestjs/common';
import { isUnexpectedFile, uploadInterceptor } from './multipart';
import { coded, type CodedBody } from './send-error';

/** One small image in `field` (avatars, logos), with our messages and codes for multer's refusals. */
export function profileImageInterceptor(field: string, required: CodedBody, tooLargeCode: ErrorCode): Type<NestInterceptor> {
  return uploadInterceptor({ field, limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } }, (error) => {
    if (error.code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeException(coded(tooLargeCode, USER_MESSAGES.imageTooLarge));
    if (isUnexpectedFile(error)) return new BadRequestException(required);
    return undefined;
  });
}
