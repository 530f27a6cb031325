import { DomainError, domainError } from '../../infra/errors/domain-error';
import { BULK_MESSAGES, type BulkRowError } from '@brandloom/contracts';

/**
 * The CSV cannot be accepted as it is (422): `errors` lists every refused row and cell with its
 * CSV line number; it is empty when the message says it all (no rows, too many rows).
 */
export class BulkCsvInvalidError extends DomainError {
  readonly kind = 'unprocessable';
  readonly code = 'bulk_csv_invalid';

  readonly details: { errors: BulkRowError[] };

  constructor(readonly errors: BulkRowError[], message: string = BULK_MESSAGES.csvHasErrors) {
    super(message);
    // Every refused row, {row, field, message}, beside the message.
    this.details = { errors };
  }
}

/** The upload is not CSV text (binary, a spreadsheet, ...) (415). */
export class BulkCsvFileTypeError extends domainError('unsupported_type', 'bulk_csv_type', BULK_MESSAGES.notCsv) {}

/** No batch with that id in the caller's organization (404). */
export class BulkBatchNotFoundError extends domainError('not_found', 'bulk_batch_not_found', BULK_MESSAGES.batchNotFound) {}
