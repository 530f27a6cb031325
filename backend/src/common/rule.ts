import type { FieldProblem } from '@brandloom/contracts';
import { ValidateBy, ValidationOptions } from 'class-validator';

/** A field rule's verdict: null when the value passes, else its message, or its message with a code and params. */
export type RuleProblem = (value: unknown) => string | FieldProblem | null;

/** The name under which class-validator keeps a Rule (the validation pipe finds the rule again by it). */
export const RULE_CONSTRAINT = 'rule';

const messageOf = (problem: string | FieldProblem | null) => (problem === null || typeof problem === 'string' ? problem : problem.message);

/**
 * One validation rule per field, as a function that returns the field's message or null: a field
 * fails with exactly one message (stacked class-validator constraints would repeat themselves), and
 * the HTTP layer applies the same rule functions as the domain services. A rule whose message names
 * a value returns it as a FieldProblem (code and params), so an answer can be translated.
 */
export function Rule(problem: RuleProblem, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: RULE_CONSTRAINT,
      constraints: [problem],
      validator: {
        validate: (value) => problem(value) === null,
        defaultMessage: (args) => messageOf(problem(args?.value)) ?? 'Invalid value',
      },
    },
    options,
  );
}
