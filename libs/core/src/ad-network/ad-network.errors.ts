import { DomainError } from '../infra/errors/domain-error';

/** A network name the registry does not list. */
export class UnknownAdNetworkError extends DomainError {
  readonly kind = 'not_found';
  readonly code = 'ad_network_unknown';
  constructor(readonly network: string, registered: readonly string[]) {
    super(`Unknown ad network '${network}' (registered: ${registered.join(', ') || 'none'})`);
  }
}
