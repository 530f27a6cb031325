import { AD_COPY_LIMITS, AD_MESSAGES, adCopyProblem, type AdFitProblem, type AdLayers, type AdNote } from '@brandloom/contracts';
import { ApiError, getErrorMessage } from '../../../lib/api';
import { hasMessage, translate } from '../../../lib/i18n/translate';

/** What the layout changed so the text reads, in the active language (the stored English for an ad laid out before notes had codes). */
export function adNoteTexts(layers: AdLayers): string[] {
  if (!layers.notes) return layers.adjustments;
  return layers.notes.map(adNoteText);
}

export function adNoteText(note: AdNote): string {
  if (note.code === 'no_logo') return translate('ads.note.no_logo');
  if (note.code === 'scrim') return translate('ads.note.scrim', { ...note.params, contrast: Number(note.params.contrast) });
  return translate('ads.note.color', { ...note.params, contrast: Number(note.params.contrast) });
}

/** What is wrong with a headline or body line (the contracts' rule, shared with the API), in the active language; null when it passes. */
export function adCopyProblemText(field: 'headline' | 'body', value: string): string | null {
  const problem = adCopyProblem(field, value);
  if (problem === null) return null;
  if (problem === AD_MESSAGES.headlineRequired) return translate('ads.composer.headlineRequired');
  if (problem === AD_MESSAGES.headlineTooLong) return translate('ads.composer.headlineTooLong', { max: AD_COPY_LIMITS.headline });
  if (problem === AD_MESSAGES.bodyTooLong) return translate('ads.composer.bodyTooLong', { max: AD_COPY_LIMITS.body });
  return problem;
}

/** Why the layout refused the copy, in the active language; the server's words when its code is not one the catalogues know. */
export function adFitProblemText(problem: { message?: string; code?: string; params?: Record<string, unknown> }): string {
  const key = `ads.fit.${problem.code ?? ''}`;
  if (problem.code && hasMessage(key)) return translate(key, (problem.params ?? {}) as AdFitProblem['params']);
  return problem.message ?? '';
}

/** A failed save in the active language: a refusal of copy that does not fit by its reason, else as the API says it. */
export function adSaveErrorText(failure: unknown, fallback: string): string {
  if (failure instanceof ApiError) {
    try {
      const body = JSON.parse(failure.body) as { code?: string; reason?: string; params?: Record<string, unknown> };
      if (body.code === 'ad_copy_does_not_fit' && body.reason) {
        const text = adFitProblemText({ code: body.reason, params: body.params });
        if (text) return typeof body.params?.placement === 'string' ? `${body.params.placement}: ${text}` : text;
      }
    } catch {
      // not JSON: as getErrorMessage says it
    }
  }
  return getErrorMessage(failure, fallback);
}
