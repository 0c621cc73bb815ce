import { lazy, Suspense } from "react";

// Loaded with the first error: most forms are sent without one, and the open screens' first load
// has no room for Mantine's Alert (with its close button) that they would not draw.
const FormAlertBox = lazy(() => import("./form-alert-box.tsx"));

/** An inline error for a whole form, announced to screen readers. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Suspense fallback={null}>
      <FormAlertBox message={message} />
    </Suspense>
  );
}
