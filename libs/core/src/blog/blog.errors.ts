import { DomainError, domainError, type DomainErrorKind } from '../infra/errors/domain-error';

export class BlogValidationError extends domainError('invalid', 'blog_invalid') {}

export class BlogPostNotFoundError extends domainError('not_found', 'blog_post_not_found') {}

/** Slugs are unique (409). */
export class BlogSlugTakenError extends domainError('conflict', 'blog_slug_taken') {}

/** An upload that is not an accepted image (415) or too large (413). */
export class BlogImageError extends DomainError {
  readonly code: 'blog_image_type' | 'blog_image_too_large';

  constructor(message: string, readonly kind: Extract<DomainErrorKind, 'unsupported_type' | 'too_large'>) {
    super(message);
    this.code = kind === 'too_large' ? 'blog_image_too_large' : 'blog_image_type';
  }
}
