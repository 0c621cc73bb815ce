import type { User } from "@atelier/shared";
import { lazy } from "react";
import { registerModal } from "../../ui/modal-store.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    enableTwoFactor: Record<string, never>;
    disableTwoFactor: Record<string, never>;
    removeAllUserInformation: Record<string, never>;
    userInfo: { user: User };
    resetTwoFactor: { user: User };
  }
}

registerModal(
  "enableTwoFactor",
  lazy(() => import("./two-factor-dialogs.tsx").then((module) => ({ default: module.EnableTwoFactorDialog }))),
);
registerModal(
  "disableTwoFactor",
  lazy(() => import("./two-factor-dialogs.tsx").then((module) => ({ default: module.DisableTwoFactorDialog }))),
);
registerModal(
  "removeAllUserInformation",
  lazy(() => import("./remove-info-dialog.tsx").then((module) => ({ default: module.RemoveAllInformationDialog }))),
);
registerModal(
  "userInfo",
  lazy(() => import("./designer-info-dialog.tsx").then((module) => ({ default: module.UserInfoDialog }))),
);
registerModal(
  "resetTwoFactor",
  lazy(() => import("./reset-two-factor-dialog.tsx").then((module) => ({ default: module.ResetTwoFactorDialog }))),
);

/** Settings for staff held at two-factor enrolment: only that section until they turn it on. */
export const TwoFactorEnrolmentGate = lazy(() => import("./two-factor-enrolment-gate.tsx"));
/** The settings screen's security and privacy sections. */
export const PrivacySettings = lazy(() => import("./privacy-settings.tsx"));
// Lazy like the dialogs: the shots' hooks and contract stay out of every route's first load.
export const DesignerShots = lazy(() =>
  import("./designer-shots.tsx").then((module) => ({ default: module.DesignerShots })),
);
