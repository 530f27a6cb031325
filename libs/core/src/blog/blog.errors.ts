import { DomainError, type DomainErrorKind } from '../infra/errors/domain-error';

export class BlogValidationError extends DomainError {
  readonly kind = 'invalid';
}

export class BlogPostNotFoundError extends DomainError {
  readonly kind = 'not_found';
}

/** Slugs are unique (409). */
export class BlogSlugTakenError extends DomainError {
  readonly kind = 'conflict';
}

/** An upload that is not an accepted image (415) or too large (413). */
export class BlogImageError extends DomainError {
  constructor(message: string, readonly kind: Extract<DomainErrorKind, 'unsupported_type' | 'too_large'>) {
    super(message);
  }
}
