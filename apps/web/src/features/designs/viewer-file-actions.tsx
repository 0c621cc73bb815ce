import type { DesignerFile } from "@atelier/shared";
import { Button, Group } from "@mantine/core";
import { openModal } from "../../ui/modal-store.ts";

/** Under the design: feedback on the current version, a new version, removal, as the file's abilities allow. */
export function ViewerFileActions({
  projectId,
  taskId,
  file,
  isCurrent,
}: {
  projectId: string;
  taskId: string;
  file: DesignerFile;
  isCurrent: boolean;
}) {
  const openFeedback = (feedback: "approved" | "changesRequested") =>
    openModal("designFeedback", { projectId, taskId, designerFileUuid: file.uuid, fileName: file.name, feedback });
  return (
    <Group gap="xs" mt="xs">
      {isCurrent && file.abilities.canGiveFeedback ? (
        <>
          <Button size="xs" color="teal.9" onClick={() => openFeedback("approved")}>
            Approve design
          </Button>
          <Button size="xs" variant="default" onClick={() => openFeedback("changesRequested")}>
            Request changes
          </Button>
        </>
      ) : null}
      {file.abilities.canAddVersion ? (
        <Button
          size="xs"
          variant="default"
          onClick={() =>
            openModal("designUpload", {
              projectId,
              taskId,
              versionOf: { designerFileUuid: file.uuid, name: file.name },
            })
          }
        >
          Upload new version
        </Button>
      ) : null}
      {file.abilities.canRemove ? (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          c="red.9"
          onClick={() =>
            openModal("designRemove", { projectId, taskId, file: { key: file.designerFileKey, name: file.name } })
          }
        >
          Remove file
        </Button>
      ) : null}
    </Group>
  );
}
