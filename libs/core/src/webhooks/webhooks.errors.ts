import { WEBHOOK_MESSAGES } from '@brandloom/contracts';
import { DomainError, domainError } from '../infra/errors/domain-error';

/** No endpoint with that id in the caller's organization (another tenant's id reads the same: 404). */
export class WebhookEndpointNotFoundError extends domainError('not_found', 'webhook_endpoint_not_found', WEBHOOK_MESSAGES.endpointNotFound) {}

export class WebhookDeliveryNotFoundError extends domainError('not_found', 'webhook_delivery_not_found', WEBHOOK_MESSAGES.deliveryNotFound) {}

/** Members who are neither owners nor admins (403). */
export class WebhookPermissionError extends domainError('forbidden', 'webhook_permission', WEBHOOK_MESSAGES.managersOnly) {}

/** A URL or event list the HTTP layer validates too, checked again for other callers (400). */
export class WebhookValidationError extends domainError('invalid', 'webhook_endpoint_invalid') {}

/** The URL points at an address webhooks never reach: loopback, private, link-local, metadata (400). */
export class WebhookUrlRefusedError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'webhook_url_refused';

  constructor(readonly reason: string) {
    super(WEBHOOK_MESSAGES.urlRefused);
  }
}

export class WebhookEndpointLimitError extends domainError('conflict', 'webhook_endpoint_limit', WEBHOOK_MESSAGES.endpointLimit) {}
