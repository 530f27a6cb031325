import type { FieldError, FieldErrorCode, FieldProblem } from '@brandloom/contracts';
import { BadRequestException, ValidationPipe } from '@nestjs/common';
import { OMITTED_ERRORS_MESSAGE } from '@nestjs/common/pipes/validation-errors.constants';
import { getMetadataStorage, type ValidationError } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { RULE_CONSTRAINT, type RuleProblem } from './rule';
import { coded } from './send-error';

type Coded = Pick<FieldError, 'code' | 'params'>;

const listed = (values: unknown) => (Array.isArray(values) ? values : Object.values(values ?? {})).map((v) => (typeof v === 'number' ? v : String(v)));
const only = (code: FieldErrorCode) => (): Coded => ({ code });

/** A length check says which side failed when the value tells (a 7-character password is too short, {min: 8}). */
function lengthProblem([min, max]: unknown[], value: unknown): Coded {
  if (typeof value === 'string' && value.length < Number(min)) return { code: 'too_short', params: { min: Number(min) } };
  if (typeof value === 'string' && max !== undefined && value.length > Number(max)) return { code: 'too_long', params: { max: Number(max) } };
  return { code: 'length_out_of_range', params: { min: Number(min), ...(max !== undefined && { max: Number(max) }) } };
}

/** class-validator's constraints by name, as a field code and the params their arguments (and the value) give. */
const CONSTRAINTS: Record<string, (args: unknown[], value: unknown) => Coded> = {
  minLength: ([min]) => ({ code: 'too_short', params: { min: Number(min) } }),
  maxLength: ([max]) => ({ code: 'too_long', params: { max: Number(max) } }),
  isLength: lengthProblem,
  min: ([min]) => ({ code: 'too_small', params: { min: Number(min) } }),
  max: ([max]) => ({ code: 'too_large', params: { max: Number(max) } }),
  arrayMaxSize: ([max]) => ({ code: 'too_many', params: { max: Number(max) } }),
  isIn: ([values]) => ({ code: 'not_allowed', params: { values: listed(values) } }),
  isEnum: ([values]) => ({ code: 'not_allowed', params: { values: listed(values) } }),
  equals: ([expected]) => ({ code: 'not_equal', params: { expected: String(expected) } }),
  isDefined: only('required'),
  isNotEmpty: only('required'),
  isString: only('not_a_string'),
  isNumber: only('not_a_number'),
  isInt: only('not_an_integer'),
  isBoolean: only('not_a_boolean'),
  isEmail: only('not_an_email'),
  isUrl: only('not_a_url'),
  isUuid: only('not_a_uuid'),
  isArray: only('not_an_array'),
  isObject: only('not_an_object'),
  whitelistValidation: only('unknown_field'),
};

/**
 * The API's validation: the message list stays as before (one message per failing field), and the
 * answer adds `code: 'validation_failed'` and `errors`, one FieldError per field with its own code
 * and the values its message names (`{ field: 'prompt', code: 'too_short', params: { min: 5 } }`).
 */
export class CodedValidationPipe extends ValidationPipe {
  constructor() {
    // The error's target (the object validated) lets the factory find the constraint's arguments.
    super({ whitelist: true, forbidNonWhitelisted: true, transform: true, stopAtFirstError: true, validationError: { target: true } });
  }

  createExceptionFactory() {
    return (validationErrors: ValidationError[] = []) => {
      const budget = { remaining: this.maxErrorMessagesLength, isExceeded: false };
      const errors = fieldErrors(this.limitValidationErrors(validationErrors, budget));
      const message = errors.map((error) => error.message);
      if (budget.isExceeded) message.push(OMITTED_ERRORS_MESSAGE);
      return new BadRequestException(coded('validation_failed', message, { errors }));
    };
  }
}

/** Every failing constraint, nested ones with their path (`items.0.name`), in the pipe's order. */
function fieldErrors(validationErrors: ValidationError[]): FieldError[] {
  const found: FieldError[] = [];
  const pending = validationErrors.map((error) => ({ error, parent: '' })).reverse();
  while (pending.length > 0) {
    const { error, parent } = pending.pop()!;
    const field = parent ? `${parent}.${error.property}` : String(error.property);
    for (const [name, text] of Object.entries(error.constraints ?? {})) {
      found.push({ field, message: parent ? `${parent}.${text}` : text, ...fieldCode(error, name) });
    }
    for (const child of [...(error.children ?? [])].reverse()) pending.push({ error: child, parent: field });
  }
  return found;
}

function fieldCode(error: ValidationError, name: string): Coded {
  const args = constraintArguments(error, name) ?? [];
  if (name === RULE_CONSTRAINT) {
    const problem = typeof args[0] === 'function' ? (args[0] as RuleProblem)(error.value) : null;
    return problem !== null && typeof problem === 'object' ? codeAndParams(problem) : { code: 'invalid' };
  }
  return Object.hasOwn(CONSTRAINTS, name) ? CONSTRAINTS[name](args, error.value) : { code: 'invalid' };
}

const codeAndParams = ({ code, params }: FieldProblem): Coded => ({ code, ...(params && { params }) });

/** The arguments the decorator of `name` on the error's property was given (e.g. [5] for @MinLength(5)). */
function constraintArguments(error: ValidationError, name: string): unknown[] | undefined {
  const target = error.target as object | undefined;
  if (!target) return undefined;
  return metadataOf(target.constructor).find((m) => m.propertyName === error.property && m.name === name)?.constraints;
}

const metadataCache = new WeakMap<object, ValidationMetadata[]>();

function metadataOf(type: Function): ValidationMetadata[] {
  let metadata = metadataCache.get(type);
  if (!metadata) metadataCache.set(type, (metadata = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false)));
  return metadata;
}
