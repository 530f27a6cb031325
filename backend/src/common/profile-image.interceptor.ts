import { PROFILE_IMAGE_MAX_BYTES, USER_MESSAGES } from '@brandloom/contracts';
import { BadRequestException, PayloadTooLargeException, type NestInterceptor, type Type } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { multerBadRequestMessage, withUploadMessages } from './multipart';

/** One small image in `field` (avatars, logos), with our messages for multer's refusals. */
export function profileImageInterceptor(field: string, requiredMessage: string): Type<NestInterceptor> {
  return withUploadMessages(FileInterceptor(field, { limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } }), (error) => {
    if (error instanceof PayloadTooLargeException) return new PayloadTooLargeException(USER_MESSAGES.imageTooLarge);
    const message = multerBadRequestMessage(error);
    if (message && /too many files|unexpected/i.test(message)) return new BadRequestException(requiredMessage);
    return error;
  });
}
