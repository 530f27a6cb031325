import type { ErrorParams, FieldError, FieldErrorCode, FieldProblem } from '@brandloom/contracts';
import { BadRequestException, ValidationPipe } from '@nestjs/common';
import { OMITTED_ERRORS_MESSAGE } from '@nestjs/common/pipes/validation-errors.constants';
import { getMetadataStorage, type ValidationError } from 'class-validator';
import { RULE_CONSTRAINT, type RuleProblem } from './rule';
import { coded } from './send-error';

type Constraint = { code: FieldErrorCode; params?: (args: unknown[]) => ErrorParams };

const listed = (values: unknown) => (Array.isArray(values) ? values : Object.values(values ?? {})).map((v) => (typeof v === 'number' ? v : String(v)));

/** class-validator's constraints by name, as a field code and the params their arguments give. */
const CONSTRAINTS: Record<string, Constraint> = {
  minLength: { code: 'too_short', params: ([min]) => ({ min: Number(min) }) },
  maxLength: { code: 'too_long', params: ([max]) => ({ max: Number(max) }) },
  isLength: { code: 'length_out_of_range', params: ([min, max]) => ({ min: Number(min), ...(max !== undefined && { max: Number(max) }) }) },
  min: { code: 'too_small', params: ([min]) => ({ min: Number(min) }) },
  max: { code: 'too_large', params: ([max]) => ({ max: Number(max) }) },
  arrayMaxSize: { code: 'too_many', params: ([max]) => ({ max: Number(max) }) },
  isIn: { code: 'not_allowed', params: ([values]) => ({ values: listed(values) }) },
  isEnum: { code: 'not_allowed', params: ([values]) => ({ values: listed(values) }) },
  equals: { code: 'not_equal', params: ([expected]) => ({ expected: String(expected) }) },
  isDefined: { code: 'required' },
  isNotEmpty: { code: 'required' },
  isString: { code: 'not_a_string' },
  isNumber: { code: 'not_a_number' },
  isInt: { code: 'not_an_integer' },
  isBoolean: { code: 'not_a_boolean' },
  isEmail: { code: 'not_an_email' },
  isUrl: { code: 'not_a_url' },
  isUuid: { code: 'not_a_uuid' },
  isArray: { code: 'not_an_array' },
  isObject: { code: 'not_an_object' },
  whitelistValidation: { code: 'unknown_field' },
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

function fieldCode(error: ValidationError, name: string): Pick<FieldError, 'code' | 'params'> {
  const args = constraintArguments(error, name);
  if (name === RULE_CONSTRAINT) {
    const problem = typeof args?.[0] === 'function' ? (args[0] as RuleProblem)(error.value) : null;
    return problem !== null && typeof problem === 'object' ? codeAndParams(problem) : { code: 'invalid' };
  }
  const constraint = CONSTRAINTS[name];
  if (!constraint) return { code: 'invalid' };
  return { code: constraint.code, ...(constraint.params && args && { params: constraint.params(args) }) };
}

const codeAndParams = ({ code, params }: FieldProblem) => ({ code, ...(params && { params }) });

/** The arguments the decorator of `name` on the error's property was given (e.g. [5] for @MinLength(5)). */
function constraintArguments(error: ValidationError, name: string): unknown[] | undefined {
  const target = error.target as object | undefined;
  if (!target) return undefined;
  const metadata = getMetadataStorage()
    .getTargetValidationMetadatas(target.constructor, '', true, false)
    .find((m) => m.propertyName === error.property && m.name === name);
  return metadata?.constraints;
}
