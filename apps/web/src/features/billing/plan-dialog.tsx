import { AppDialog } from "../../ui/app-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { ProjectPlanSection } from "./plan-section.tsx";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** The plan, costs and balance from the project screen (owner, editor, staff). */
    projectPlan: { projectId: string };
  }
}

export function ProjectPlanDialog({ projectId, onClose }: ModalControls & { projectId: string }) {
  return (
    <AppDialog title="Plan and balance" onClose={onClose} size="lg">
      <ProjectPlanSection projectId={projectId} />
    </AppDialog>
  );
}
