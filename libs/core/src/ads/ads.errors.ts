import { AD_MESSAGES, type AdFitProblem, type ErrorParams } from '@brandloom/contracts';
import { domainError } from '../infra/errors/domain-error';

/** A request the HTTP layer validates too (unknown layout or placement, copy too long), checked again for other callers (400). */
export class AdValidationError extends domainError('invalid', 'ad_invalid') {
  override readonly details: { field: string };

  constructor(field: string, message: string) {
    super(message);
    this.details = { field };
  }
}

/** No ad with that id in the caller's organization (404). */
export class AdNotFoundError extends domainError('not_found', 'ad_not_found', AD_MESSAGES.notFound) {}

/**
 * A text that does not fit its layout even at the smallest size (422): the message names the field,
 * `reason` says why as the layout's code (word_too_wide, too_many_lines, missing_glyphs,
 * button_too_wide) and `params` the values it names, for a client to say it in its own language.
 */
export class AdCopyDoesNotFitError extends domainError('unprocessable', 'ad_copy_does_not_fit') {
  override readonly details: { field: string; reason?: AdFitProblem['code'] };
  override readonly params: ErrorParams | undefined = undefined;

  constructor(field: string, message: string, problem?: AdFitProblem & { placement?: string }) {
    super(message);
    this.details = problem ? { field, reason: problem.code } : { field };
    if (problem) this.params = { ...problem.params, ...(problem.placement ? { placement: problem.placement } : {}) };
  }
}

/** A failure inside a render job that trying again cannot fix (the picture was deleted). */
export class PermanentAdError extends Error {}

/** AI copy asked of a server without an OpenAI key (503; the message names OpenAI). */
export class AdCopyNotConfiguredError extends domainError('unavailable', 'ad_copy_not_configured', AD_MESSAGES.copyNotConfigured) {}

/** OpenAI failed, refused, or twice answered copy that breaks the limits (502). */
export class AdCopyFailedError extends domainError('bad_gateway', 'ad_copy_failed', AD_MESSAGES.copyFailed) {}

/** Translation asked of a server without an OpenAI key (503; the message names OpenAI). */
export class AdTranslationNotConfiguredError extends domainError('unavailable', 'ad_translation_not_configured', AD_MESSAGES.translationNotConfigured) {}

/** OpenAI failed, refused, or answered without every language asked for (502). */
export class AdTranslationFailedError extends domainError('bad_gateway', 'ad_translation_failed', AD_MESSAGES.translationFailed) {}
