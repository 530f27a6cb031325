import { ValidateBy, ValidationOptions } from 'class-validator';

/**
 * One validation rule per field, as a function that returns the field's message or null: a field
 * fails with exactly one message (stacked class-validator constraints would repeat themselves), and
 * the HTTP layer applies the same rule functions as the domain services.
 */
export function Rule(problem: (value: unknown) => string | null, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'rule',
      validator: {
        validate: (value) => problem(value) === null,
        defaultMessage: (args) => problem(args?.value) ?? 'Invalid value',
      },
    },
    options,
  );
}
