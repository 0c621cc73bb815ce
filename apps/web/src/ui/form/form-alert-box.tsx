import { Alert } from "@mantine/core";

/** The alert drawn by FormAlert, in its own chunk (see form-alert.tsx). */
export default function FormAlertBox({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
