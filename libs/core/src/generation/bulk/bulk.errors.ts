import { BULK_MESSAGES, type BulkRowError } from './bulk.constants';

/**
 * The CSV cannot be accepted as it is (422): `errors` lists every refused row and cell with its
 * CSV line number; it is empty when the message says it all (no rows, too many rows).
 */
export class BulkCsvInvalidError extends Error {
  constructor(readonly errors: BulkRowError[], message: string = BULK_MESSAGES.csvHasErrors) {
    super(message);
  }
}

/** The upload is not CSV text (binary, a spreadsheet, ...) (415). */
export class BulkCsvFileTypeError extends Error {
  constructor(message: string = BULK_MESSAGES.notCsv) {
    super(message);
  }
}

/** No batch with that id in the caller's organization (404). */
export class BulkBatchNotFoundError extends Error {
  constructor() {
    super(BULK_MESSAGES.batchNotFound);
  }
}
