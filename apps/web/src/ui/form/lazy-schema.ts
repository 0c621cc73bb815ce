import type { FormEvent } from "react";
import type { z } from "zod";
import { type FieldErrors, schemaErrors } from "./schema-errors.ts";

/**
 * A form's shared schema, loaded on the first input or at submit instead of with the screen: the
 * open screens (login, signup, reset, invite, onboarding) draw without zod (docs/decisions/047-open-screens-first-load.md).
 * `errors` is what the form's `validate` calls; `submit` validates only once the schema is here.
 */
export interface LazySchema {
  /** Starts loading (once); pass to the form's `onInput` so the first keystroke fetches it. */
  load: () => Promise<unknown>;
  /** The schema's first message per field; nothing until the schema is loaded. */
  errors: (value: unknown) => FieldErrors;
  /** A form's onSubmit: waits for the schema, then runs Mantine's submit (validate, then handle). */
  submit: (handle: (event?: FormEvent<HTMLFormElement>) => void) => (event: FormEvent<HTMLFormElement>) => void;
}

export function lazySchema(importSchema: () => Promise<z.ZodType>): LazySchema {
  let schema: z.ZodType | null = null;
  let loading: Promise<unknown> | null = null;
  const load = () => {
    loading ??= importSchema().then(
      (loaded) => {
        schema = loaded;
      },
      () => {
        // A failed load (offline) is tried again at the next submit; that submit's call then
        // fails on its own and the form shows its error.
        loading = null;
      },
    );
    return loading;
  };
  return {
    load,
    errors: (value) => (schema ? schemaErrors(schema, value) : {}),
    submit: (handle) => (event) => {
      event.preventDefault();
      void load().then(() => handle());
    },
  };
}
