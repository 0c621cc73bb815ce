import { useSearchParams } from "../../lib/router/index.ts";
import { AuthLayout } from "./auth-layout.tsx";
import { ResetConfirmForm } from "./reset-confirm-form.tsx";
import { ResetRequestForm } from "./reset-request-form.tsx";

export default function ResetScreen() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get("email") ?? "";
  const token = searchParams.get("token") ?? "";
  const hasLink = Boolean(email && token);
  return (
    <AuthLayout title="Reset password">
      {hasLink ? <ResetConfirmForm email={email} token={token} /> : <ResetRequestForm />}
    </AuthLayout>
  );
}
