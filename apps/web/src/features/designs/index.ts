import { lazy } from "react";
import type { FeatureRoute } from "../../lib/routing.ts";
import { registerModal } from "../../ui/modal-store.ts";

export { designKeys } from "./design-keys.ts";

// Everything lazy: the task panel loads the section with a task, and each dialog on first opening.
export const DesignsSection = lazy(() =>
  import("./designs-section.tsx").then((module) => ({ default: module.DesignsSection })),
);

registerModal(
  "designUpload",
  lazy(() => import("./design-upload-dialog.tsx").then((module) => ({ default: module.DesignUploadDialog }))),
);
registerModal(
  "designRemove",
  lazy(() => import("./design-remove-dialog.tsx").then((module) => ({ default: module.DesignRemoveDialog }))),
);
registerModal(
  "designZip",
  lazy(() => import("./design-zip-dialog.tsx").then((module) => ({ default: module.DesignZipDialog }))),
);
registerModal(
  "designCommentRemove",
  lazy(() => import("./comment-remove-dialog.tsx").then((module) => ({ default: module.CommentRemoveDialog }))),
);
registerModal(
  "designFeedback",
  lazy(() => import("./design-feedback-dialog.tsx").then((module) => ({ default: module.DesignFeedbackDialog }))),
);
registerModal(
  "designTaskApprove",
  lazy(() => import("./task-approve-dialog.tsx").then((module) => ({ default: module.TaskApproveDialog }))),
);
registerModal(
  "reviewRoundSend",
  lazy(() => import("./review-round-send-dialog.tsx").then((module) => ({ default: module.ReviewRoundSendDialog }))),
);
registerModal(
  "reviewRoundDecide",
  lazy(() =>
    import("./review-round-decide-dialog.tsx").then((module) => ({ default: module.ReviewRoundDecideDialog })),
  ),
);
registerModal(
  "reviewRoundCancel",
  lazy(() =>
    import("./review-round-decide-dialog.tsx").then((module) => ({ default: module.ReviewRoundCancelDialog })),
  ),
);

/**
 * The guest reviewer's screen (issue 23): signed out, outside the signed-in layout, lazy (the open
 * screens' first load does not carry it). The link's secret is the address's fragment.
 */
export const guestReviewRoutes: FeatureRoute[] = [
  { path: "review", Component: lazy(() => import("./guest-review-screen.tsx")), handle: { title: "Design review" } },
  {
    path: "review/unsubscribe",
    Component: lazy(() => import("./guest-unsubscribe-screen.tsx")),
    handle: { title: "Reply e-mails" },
  },
];
