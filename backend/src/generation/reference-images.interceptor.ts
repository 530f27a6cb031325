import {
  GENERATION_MESSAGES,
  GENERATION_PROGRESS_MESSAGES,
  REFERENCE_IMAGE_MAX_BYTES,
  REFERENCE_IMAGES_FIELD,
  REFERENCE_IMAGES_MAX_COUNT,
} from '@brandloom/contracts';
import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { UploadedMemoryFile, uploadInterceptor } from '../common/multipart';
import { coded } from '../common/send-error';

export type UploadedImageFile = UploadedMemoryFile;

/**
 * Parses POST /api/studio's multipart body (up to 4 files under `images`, 10 MB each, enforced while
 * streaming; the service checks them by content) and answers multer's limits with the product's
 * messages: a file above 10 MB → 413, a fifth file → 400 'You can only upload up to 4 reference images'.
 */
export const ReferenceImagesInterceptor = uploadInterceptor(
  {
    field: REFERENCE_IMAGES_FIELD,
    maxCount: REFERENCE_IMAGES_MAX_COUNT,
    limits: { fileSize: REFERENCE_IMAGE_MAX_BYTES, files: REFERENCE_IMAGES_MAX_COUNT + 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  },
  (error) => {
    if (error.code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeException(coded('reference_image_too_large', GENERATION_MESSAGES.referenceImageTooLarge));
    // Beyond maxCount, multer refuses the next file under `images` as unexpected.
    if (error.code === 'LIMIT_FILE_COUNT' || (error.code === 'LIMIT_UNEXPECTED_FILE' && error.field === REFERENCE_IMAGES_FIELD)) {
      return new BadRequestException(coded('reference_images_too_many', GENERATION_MESSAGES.referenceImagesTooMany));
    }
    if (error.code === 'LIMIT_UNEXPECTED_FILE') return new BadRequestException(coded('reference_image_field_unexpected', GENERATION_PROGRESS_MESSAGES.unexpectedFileField));
    return undefined;
  },
);
