import { Button } from "@mantine/core";
import { useState } from "react";
import { logout } from "../../lib/session.ts";

export function LogoutButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="default"
      size="sm"
      fullWidth={fullWidth}
      loading={pending}
      onClick={() => {
        setPending(true);
        void logout();
      }}
    >
      Logout
    </Button>
  );
}
