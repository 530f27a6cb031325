/** Rules that hold for every value a client sends (JSON bodies, multipart fields, query and path parameters, CSV cells). */

/** Deeper JSON than this is refused before validation (a real request of ours is at most 4 levels deep). */
export const INPUT_MAX_DEPTH = 32;

export const INPUT_MESSAGES = {
  malformedJson: 'Malformed JSON in request body',
  malformedMultipart: 'Malformed multipart body',
  tooDeep: `Request body is nested too deeply (at most ${INPUT_MAX_DEPTH} levels)`,
  jsonOnly: 'Content-Type must be application/json',
  multipartOnly: 'Content-Type must be multipart/form-data',
  invalidText: (field: string) => `${field} must not contain control characters or invalid Unicode`,
  imageDamaged: 'The image is damaged or incomplete and could not be read: please upload the original file again',
} as const;

/** The `code` beside the message of an upload whose image header reads but whose pixels do not (cut short, corrupt). */
export const IMAGE_DAMAGED_CODE = 'image_damaged';

// C0 controls except tab, line feed and carriage return, DEL, and UTF-16 surrogates that are not part of a pair.
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const FORBIDDEN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds a NUL or another control character (tab and line ends allowed) or a lone surrogate. */
export function hasForbiddenText(text: string): boolean {
  return FORBIDDEN_TEXT.test(text);
}

const FORBIDDEN_TEXT_ALL = new RegExp(FORBIDDEN_TEXT.source, 'g');

/** For text we did not get from a client (a model's answer, a file name): drops what hasForbiddenText refuses. */
export function withoutForbiddenText(text: string): string {
  return text.replace(FORBIDDEN_TEXT_ALL, '');
}

/** A UUID in its canonical text form (any version, either case): what every id a client sends must be. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a string in UUID_PATTERN's form; checks an id before it reaches a `uuid` column (which would answer a 500). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);
