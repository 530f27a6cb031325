import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import {
  DebitNotFoundError,
  EmailTakenError,
  InsufficientCreditsError,
  InvalidCredentialsError,
  InvalidCursorError,
  InvalidWebhookError,
  PaymentProviderError,
  PaymentsNotConfiguredError,
  ProductNotFoundError,
  ProductNotPurchasableError,
  RefundExceedsDebitError,
  SubscriptionExistsError,
  TooManyLoginAttemptsError,
  WrongProductTypeError,
  AssetNotFoundError,
  BrandProfileNotFoundError,
  GenerationNotFoundError,
  GenerationQueueUnavailableError,
  InvalidReferenceImageError,
  ReferenceImageNotFoundError,
  ReferenceImageTooLargeError,
  ReferenceImageTypeError,
  TooManyReferenceImagesError,
  BulkBatchNotFoundError,
  BulkCsvFileTypeError,
  BulkCsvInvalidError,
  FolderNameTakenError,
  FolderNotFoundError,
  InvalidAssetCursorError,
  LibraryValidationError,
  BrandProfileLimitError,
  InvalidBrandProfileError,
  BrandExtractionLimitError,
  TooManyBrandImagesError,
  BrandImagesTooLargeError,
  NoValidBrandImagesError,
  BrandExtractionFailedError,
  BrandExtractionTimeoutError,
  BrandExtractionUnavailableError,
  BrandExtractionNotFoundError,
} from '@brandloom/core';
import { AUTH_MESSAGES } from '@brandloom/contracts';
import type { Response } from 'express';
import { STATUS_CODES } from 'node:http';

const DOMAIN_STATUS = new Map<Function, number>([
  [InsufficientCreditsError, HttpStatus.PAYMENT_REQUIRED],
  [EmailTakenError, HttpStatus.CONFLICT],
  [InvalidCredentialsError, HttpStatus.UNAUTHORIZED],
  [TooManyLoginAttemptsError, HttpStatus.TOO_MANY_REQUESTS],
  [InvalidCursorError, HttpStatus.BAD_REQUEST],
  [DebitNotFoundError, HttpStatus.NOT_FOUND],
  [RefundExceedsDebitError, HttpStatus.CONFLICT],
  [PaymentsNotConfiguredError, HttpStatus.SERVICE_UNAVAILABLE],
  [ProductNotPurchasableError, HttpStatus.BAD_REQUEST],
  [ProductNotFoundError, HttpStatus.NOT_FOUND],
  [WrongProductTypeError, HttpStatus.BAD_REQUEST],
  [SubscriptionExistsError, HttpStatus.CONFLICT],
  [InvalidWebhookError, HttpStatus.BAD_REQUEST],
  [PaymentProviderError, HttpStatus.BAD_GATEWAY],
  // Generation and assets.
  [GenerationNotFoundError, HttpStatus.NOT_FOUND],
  [BrandProfileNotFoundError, HttpStatus.NOT_FOUND],
  [AssetNotFoundError, HttpStatus.NOT_FOUND],
  [ReferenceImageNotFoundError, HttpStatus.NOT_FOUND],
  [TooManyReferenceImagesError, HttpStatus.BAD_REQUEST],
  [InvalidReferenceImageError, HttpStatus.BAD_REQUEST],
  [ReferenceImageTypeError, HttpStatus.UNSUPPORTED_MEDIA_TYPE],
  [ReferenceImageTooLargeError, HttpStatus.PAYLOAD_TOO_LARGE],
  [GenerationQueueUnavailableError, HttpStatus.SERVICE_UNAVAILABLE],
  // Bulk generation.
  [BulkCsvInvalidError, HttpStatus.UNPROCESSABLE_ENTITY],
  [BulkCsvFileTypeError, HttpStatus.UNSUPPORTED_MEDIA_TYPE],
  [BulkBatchNotFoundError, HttpStatus.NOT_FOUND],
  // Asset library.
  [InvalidAssetCursorError, HttpStatus.BAD_REQUEST],
  [LibraryValidationError, HttpStatus.BAD_REQUEST],
  [FolderNotFoundError, HttpStatus.NOT_FOUND],
  [FolderNameTakenError, HttpStatus.CONFLICT],
  // Brand Brain.
  [BrandProfileLimitError, HttpStatus.FORBIDDEN],
  [InvalidBrandProfileError, HttpStatus.BAD_REQUEST],
  [BrandExtractionLimitError, HttpStatus.TOO_MANY_REQUESTS],
  [TooManyBrandImagesError, HttpStatus.BAD_REQUEST],
  [BrandImagesTooLargeError, HttpStatus.PAYLOAD_TOO_LARGE],
  [NoValidBrandImagesError, HttpStatus.BAD_REQUEST],
  [BrandExtractionFailedError, HttpStatus.UNPROCESSABLE_ENTITY],
  [BrandExtractionTimeoutError, HttpStatus.GATEWAY_TIMEOUT],
  [BrandExtractionUnavailableError, HttpStatus.SERVICE_UNAVAILABLE],
  [BrandExtractionNotFoundError, HttpStatus.NOT_FOUND],
]);

const DEFAULT_MESSAGES = new Map<Function, string>([
  [EmailTakenError, AUTH_MESSAGES.emailTaken],
  [InvalidCredentialsError, AUTH_MESSAGES.invalidCredentials],
]);

/** Every error leaves as `{ statusCode, message, error }`; domain errors get their HTTP status here. */
@Catch()
export class DomainErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    const { statusCode, message } = this.describe(exception);
    if (statusCode >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (exception instanceof TooManyLoginAttemptsError) res.setHeader('Retry-After', Math.ceil(exception.retryAfterSeconds));
    const body: Record<string, unknown> = { statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error' };
    // A refused bulk CSV also lists every row's errors: {row, field, message}.
    if (exception instanceof BulkCsvInvalidError) body.errors = exception.errors;
    res.status(statusCode).json(body);
  }

  private describe(exception: unknown): { statusCode: number; message: string | string[] } {
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      const message = typeof body === 'string' ? body : ((body as { message?: string | string[] }).message ?? exception.message);
      return { statusCode: exception.getStatus(), message };
    }
    if (exception instanceof Error) {
      const status = DOMAIN_STATUS.get(exception.constructor);
      if (status) return { statusCode: status, message: exception.message || DEFAULT_MESSAGES.get(exception.constructor) || '' };
      // body-parser errors (malformed JSON, too large) carry their own 4xx status.
      const parserStatus = (exception as { status?: number; type?: string }).status;
      if ((exception as { type?: string }).type && parserStatus && parserStatus < 500) {
        const message = (exception as { type?: string }).type === 'entity.parse.failed' ? 'Malformed JSON in request body' : exception.message;
        return { statusCode: parserStatus, message };
      }
    }
    return { statusCode: 500, message: 'Internal server error' };
  }
}
