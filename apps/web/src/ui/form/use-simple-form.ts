import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import type { FieldErrors } from "./schema-errors.ts";

type Rule<V, K extends keyof V> = (value: V[K], values: V) => string | null | undefined;
type Validate<V> =
  | ((values: V) => Partial<Record<string, string | null | undefined>>)
  | { [K in keyof V]?: Rule<V, K> };

export interface SimpleForm<V> {
  values: V;
  errors: FieldErrors;
  /** value, onChange (an input's change event or the value) and error, for a Mantine input. */
  getInputProps: <K extends keyof V & string>(
    field: K,
  ) => { value: V[K]; onChange: (next: V[K] | ChangeEvent<HTMLInputElement>) => void; error: string | undefined };
  setFieldValue: <K extends keyof V>(field: K, value: V[K]) => void;
  setErrors: (errors: Partial<Record<string, string | null | undefined>>) => void;
  /** A form's submit handler: validates, shows the errors, and calls `handle` only when there are none. */
  onSubmit: (handle: (values: V) => void) => (event?: FormEvent<HTMLFormElement>) => void;
}

const withoutEmpty = (errors: Partial<Record<string, string | null | undefined>>): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1])));

const isChangeEvent = (next: unknown): next is ChangeEvent<HTMLInputElement> =>
  typeof next === "object" && next !== null && "currentTarget" in next;

/**
 * The part of Mantine's `useForm` the open screens use (values, field props, a field's error
 * cleared when it changes, validation at submit), in a few lines: `@mantine/form` is 6 KB (gzip)
 * of the login screen's first load, where the issue allows 100 KB in all. Only the open (auth)
 * screens use it; every other form is on `@mantine/form` (docs/decisions/034-web-forms-and-build.md).
 */
export function useSimpleForm<V extends Record<string, string | null>>({
  initialValues,
  validate,
}: {
  initialValues: V;
  validate?: Validate<V>;
}): SimpleForm<V> {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrorsState] = useState<FieldErrors>({});
  // Submit may run after an await (the lazy schema): it reads the values of the latest render.
  const latest = useRef(values);
  latest.current = values;

  const setFieldValue = <K extends keyof V>(field: K, value: V[K]) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      latest.current = next;
      return next;
    });
    setErrorsState((current) => {
      if (!(field in current)) return current;
      const { [field as string]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const check = (current: V): FieldErrors => {
    if (!validate) return {};
    if (typeof validate === "function") return withoutEmpty(validate(current));
    const found: Partial<Record<string, string | null | undefined>> = {};
    for (const field of Object.keys(validate) as (keyof V & string)[]) {
      found[field] = validate[field]?.(current[field], current);
    }
    return withoutEmpty(found);
  };

  return {
    values,
    errors,
    getInputProps: (field) => ({
      value: values[field],
      onChange: (next) =>
        setFieldValue(field, (isChangeEvent(next) ? next.currentTarget.value : next) as V[typeof field]),
      error: errors[field],
    }),
    setFieldValue,
    setErrors: (next) => setErrorsState(withoutEmpty(next)),
    onSubmit: (handle) => (event) => {
      event?.preventDefault();
      const found = check(latest.current);
      setErrorsState(found);
      if (Object.keys(found).length === 0) handle(latest.current);
    },
  };
}
