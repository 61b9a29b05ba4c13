import { useCallback, useRef, useState } from 'react';
import type { SignInField } from './sign-in-problem';

// The sign-in form keeps its three fields in plain React state rather than react-hook-form: it is
// the first page every admin loads, and react-hook-form alone would add ~15 kB gzip to it, which
// is what kept the sign-in page over the 150 kB budget (see docs/benchmarks-history.md).

export type SignInValues = Record<SignInField, string>;
export type SignInErrors = Partial<Record<SignInField, string>>;

export function useSignInFormState(initial: SignInValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SignInErrors>({});
  // Event handlers and async checks read the latest values without waiting for a render.
  const latest = useRef(initial);
  const inputs = useRef<Partial<Record<SignInField, HTMLInputElement | HTMLSelectElement | null>>>(
    {},
  );

  const setValue = useCallback((field: SignInField, value: string) => {
    latest.current = { ...latest.current, [field]: value };
    setValues(latest.current);
  }, []);

  const setError = useCallback((field: SignInField, message: string, focus = false) => {
    setErrors((current) => ({ ...current, [field]: message }));
    if (focus) inputs.current[field]?.focus();
  }, []);

  const clearErrors = useCallback((...fields: SignInField[]) => {
    setErrors((current) => {
      const next = new Map(Object.entries(current));
      for (const field of fields) next.delete(field);
      return Object.fromEntries(next);
    });
  }, []);

  /** Props for the control of FIELD: value, change handler that clears its error, ref for focus. */
  const control = (field: SignInField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValue(field, event.target.value);
      clearErrors(field);
    },
    ref: (element: HTMLInputElement | HTMLSelectElement | null) => {
      inputs.current[field] = element;
    },
  });

  const focus = useCallback((field: SignInField) => inputs.current[field]?.focus(), []);

  return {
    focus,
    values,
    errors,
    getValues: () => latest.current,
    setValue,
    setError,
    clearErrors,
    control,
  };
}
