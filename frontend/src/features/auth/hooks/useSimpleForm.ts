import { useRef, useState, type FormEvent } from 'react';

type Checks<K extends string> = Partial<Record<K, (value: string) => string | undefined>>;

/**
 * The little of react-hook-form the sign-in and sign-up forms use, without its weight on their
 * pre-rendered pages: fields checked on submit, then again as they change; the first invalid field
 * takes the focus.
 */
export function useSimpleForm<K extends string>(initial: Record<K, string>, checks: Checks<K>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<K, HTMLInputElement | null>>>({});
  const names = Object.keys(initial) as K[];

  const field = (name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      if (submitted.current) setErrors((current) => ({ ...current, [name]: checks[name]?.(value) }));
    },
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
  });

  const handleSubmit = (onValid: (values: Record<K, string>) => void) => (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const found: Partial<Record<K, string>> = {};
    for (const name of names) found[name] = checks[name]?.(values[name]);
    setErrors(found);
    const firstInvalid = names.find((name) => found[name]);
    if (firstInvalid) inputs.current[firstInvalid]?.focus();
    else onValid(values);
  };

  return { field, handleSubmit };
}
