import { Anchor } from "@mantine/core";
import { lazy } from "react";
import { PRODUCT_NAME } from "../../lib/product.ts";
import { Link, useSearchParams } from "../../lib/router/index.ts";
import { AuthLayout } from "./auth-layout.tsx";
import { OnboardCustomerForm } from "./onboard-customer-form.tsx";

// The first admin's form is opened once per installation, from its setup link.
const SetupAdminForm = lazy(() =>
  import("./setup-admin-form.tsx").then((module) => ({ default: module.SetupAdminForm })),
);

/** /onboard: with ?setup= the first-admin form; otherwise a new customer's onboarding. */
export default function OnboardScreen() {
  const [searchParams] = useSearchParams();
  const setup = searchParams.get("setup") ?? "";
  return (
    <AuthLayout
      title="Welcome"
      subtitle={`Let's get you started with ${PRODUCT_NAME}.`}
      maxWidth={setup ? 440 : 560}
      footer={
        setup ? undefined : (
          <>
            Already have an account?{" "}
            <Anchor component={Link} to="/auth/login" fw={600}>
              Log in instead
            </Anchor>
          </>
        )
      }
    >
      {setup ? <SetupAdminForm setup={setup} /> : <OnboardCustomerForm />}
    </AuthLayout>
  );
}
