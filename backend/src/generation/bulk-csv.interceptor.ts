import { BULK_CSV_FIELD, BULK_CSV_MAX_BYTES, BULK_MESSAGES } from '@brandloom/contracts';

import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { isUnexpectedFile, UploadedMemoryFile, uploadInterceptor } from '../common/multipart';
import { coded } from '../common/send-error';

export type UploadedCsvFile = UploadedMemoryFile;

/**
 * Parses POST /api/generate/bulk's multipart body (one CSV under `file`, at most 1 MB, enforced while
 * streaming; the file is checked by content): a larger file → 413, a second file or another field name → 400.
 */
export const BulkCsvInterceptor = uploadInterceptor({ field: BULK_CSV_FIELD, limits: { fileSize: BULK_CSV_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 } }, (error) => {
  if (error.code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeException(coded('bulk_csv_too_large', BULK_MESSAGES.fileTooLarge));
  if (isUnexpectedFile(error)) return new BadRequestException(coded('bulk_csv_required', BULK_MESSAGES.fileField));
  return undefined;
});
