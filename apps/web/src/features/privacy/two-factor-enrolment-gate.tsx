import { isStaff } from "@atelier/shared";
import { Alert, Center, Loader, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useSignedInUser } from "../../lib/current-user.ts";
import { TwoFactorSection } from "./two-factor-section.tsx";
import { useTwoFactorStatus } from "./use-privacy.ts";

/**
 * Settings for staff who must turn two-factor sign-in on (TWO_FACTOR_REQUIRED_FOR_STAFF) and have
 * not yet: the server refuses their other calls until they do, so settings shows only the
 * explanation and the two-factor section. Everyone else sees `children` (the whole screen).
 */
export default function TwoFactorEnrolmentGate({ children }: { children: ReactNode }) {
  const user = useSignedInUser();
  return isStaff(user.role) ? <StaffGate>{children}</StaffGate> : children;
}

function StaffGate({ children }: { children: ReactNode }) {
  const status = useTwoFactorStatus();
  if (status.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading your settings">
        <Loader />
      </Center>
    );
  }
  if (!status.data?.required || status.data.enabled) return children;
  return (
    <Stack gap="lg" maw={720}>
      <Alert color="red" variant="light" role="alert" title="Turn on two-factor sign-in to continue">
        Staff accounts must sign in with a code from an authenticator app as well as the password. Until you turn
        two-factor sign-in on, the rest of Atelier stays closed to this account.
      </Alert>
      <TwoFactorSection />
    </Stack>
  );
}
