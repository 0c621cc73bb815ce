import {
  canBePaid,
  canRecordPayment,
  canRemoveUser,
  canResetTwoFactor,
  canUpdateUser,
  type User,
} from "@atelier/shared";
import { Button, Group } from "@mantine/core";
import { lazy } from "react";
import { useSignedInUser } from "../../lib/current-user.ts";
import { fullName } from "../../lib/format.ts";
import { openModal, registerModal } from "../../ui/modal-store.ts";

// Registered here, not in the feature index: only these row actions open it, and the index is in
// every route's first load (the projects list sits at its budget).
registerModal(
  "userPayment",
  lazy(() => import("./user-payment-dialog.tsx").then((module) => ({ default: module.UserPaymentDialog }))),
);

/**
 * Info, Payment, Edit, Reset 2FA and Remove, each shown only when the shared permission rules allow
 * it. They wrap onto more lines rather than push the last ones out of a phone card or the table.
 */
export function UserRowActions({ user }: { user: User }) {
  const actor = useSignedInUser();
  const name = fullName(user);
  const canEdit = canUpdateUser(actor, user);
  const canRemove = canRemoveUser(actor, user);
  const isDesigner = user.role === "designer";
  const canResetSecondFactor = canResetTwoFactor(actor, user);
  const canPay = canRecordPayment(actor) && canBePaid(user.role);
  if (!canEdit && !canRemove && !isDesigner && !canResetSecondFactor && !canPay) return null;
  return (
    <Group gap="xs" justify="flex-end">
      {isDesigner ? (
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={`Info about ${name}`}
          onClick={() => openModal("userInfo", { user })}
        >
          Info
        </Button>
      ) : null}
      {canPay ? (
        <Button
          size="compact-sm"
          variant="light"
          color="teal"
          aria-label={`Payment to ${name}`}
          onClick={() => openModal("userPayment", { user })}
        >
          Payment
        </Button>
      ) : null}
      {canEdit ? (
        <Button
          size="compact-sm"
          variant="light"
          aria-label={`Edit ${name}`}
          onClick={() => openModal("updateUser", { user })}
        >
          Edit
        </Button>
      ) : null}
      {canResetSecondFactor ? (
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={`Reset 2FA of ${name}`}
          onClick={() => openModal("resetTwoFactor", { user })}
        >
          Reset 2FA
        </Button>
      ) : null}
      {canRemove ? (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={`Remove ${name}`}
          onClick={() => openModal("removeUser", { user })}
        >
          Remove
        </Button>
      ) : null}
    </Group>
  );
}
