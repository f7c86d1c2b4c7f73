import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldCodesOf, type FieldCodes } from '../api/fieldCodes';

/** What a text input of the form takes: its name and value, its error and its hint. */
export interface BoundField {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error: boolean;
  helperText: string | undefined;
}

/**
 * A form of text fields whose errors are codes ("required", "invalid", "duplicate"...) from its
 * own check or from the API's answer, put in words by `text` when shown (so they follow a
 * language switch); changing a field clears its error. `initial` names the fields: keep it
 * the same object between renders (a module constant).
 */
export function useFormFields<F extends string>(initial: Record<F, string>, text: (field: F, code: string) => string) {
  const [values, setValues] = useState(initial);
  const [codes, setCodes] = useState<FieldCodes<F>>({});
  const fields = Object.keys(initial) as F[];

  const change = useCallback((field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setCodes((current) => {
      if (current[field] === undefined) {
        return current;
      }
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  }, []);

  const reset = useCallback(() => {
    setValues(initial);
    setCodes({});
  }, [initial]);

  /** The error of `field` in words, or undefined. */
  const errorOf = (field: F): string | undefined => {
    const code = codes[field];
    return code === undefined ? undefined : text(field, code);
  };

  /** The props a TextField for `field` takes; `hint` shows while it has no error. */
  const bind = (field: F, hint?: string): BoundField => {
    const message = errorOf(field);
    return {
      name: field,
      value: values[field],
      onChange: (event) => change(field, event.target.value),
      error: message !== undefined,
      helperText: message ?? hint,
    };
  };

  /**
   * The form's `onSubmit`: the values as `prepare` makes them (trimmed, normalised) are checked
   * by `check`, and sent when it finds nothing; otherwise each field shows its problem.
   */
  const submitWith =
    <T>(prepare: (values: Record<F, string>) => T, check: (value: T) => FieldCodes<F>, send: (value: T) => void) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const value = prepare(values);
      const problems = check(value);
      setCodes(problems);
      if (Object.keys(problems).length === 0) {
        send(value);
      }
    };

  /** Whether the API's answer named any of this form's fields. */
  const namesFields = (error: unknown): boolean => Object.keys(fieldCodesOf(error, fields)).length > 0;

  /** Shows what the API's answer says of each field (for a mutation's `onError`). */
  const showFailure = (error: unknown) => setCodes(fieldCodesOf(error, fields));

  /** Shows these codes on their fields (a refusal that names its field its own way). */
  const showCodes = (shown: FieldCodes<F>) => setCodes(shown);

  return { values, change, reset, errorOf, bind, submitWith, namesFields, showFailure, showCodes };
}
