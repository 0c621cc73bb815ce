import type { DesignerFile, DesignerFileVersion, Pin } from "@atelier/shared";
import { ActionIcon, Badge, Box, Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useEffect, useMemo, useRef, useState } from "react";
import { openModal, useOpenModal } from "../../ui/modal-store.ts";
import { CommentThread } from "./comment-thread.tsx";
import { CompareView } from "./compare-view.tsx";
import { fileUrl, formatDateTime } from "./design-format.ts";
import { FeedbackNote } from "./feedback-note.tsx";
import { FileCard } from "./file-card.tsx";
import { useMarkCommentsSeen, useMarkDesignSeen } from "./use-designs.ts";
import { versionOf } from "./viewer-address.ts";
import { type PinPlace, type StagePin, ViewerStage } from "./viewer-stage.tsx";

/** Where in a file the viewer is, as the address holds it: a version (current when null), a comment. */
export interface ViewerPlace {
  version?: string | null;
  comment?: string | null;
}

interface ViewerProps {
  projectId: string;
  taskId: string;
  files: DesignerFile[];
  index: number;
  place: ViewerPlace;
  onIndexChange: (index: number) => void;
  onPlaceChange: (place: ViewerPlace) => void;
  onClose: () => void;
}

/** The version pickers' width: their longest value, a version with its date and time, in full. */
const PICKER_WIDTH = 290;

const versionLabel = (version: DesignerFileVersion) =>
  `Version ${version.version} (${formatDateTime(version.created)})`;

function toPin(place: PinPlace): Pin {
  return place.w !== undefined && place.h !== undefined
    ? { type: "rect", x: place.x, y: place.y, w: place.w, h: place.h }
    : { type: "point", x: place.x, y: place.y };
}

function stagePins(version: DesignerFileVersion): StagePin[] {
  return version.fileCommentList.flatMap((comment, index) =>
    comment.pin
      ? [
          {
            id: comment.id,
            number: index + 1,
            resolved: !comment.activeComment,
            x: comment.pin.x,
            y: comment.pin.y,
            ...(comment.pin.type === "rect" ? { w: comment.pin.w, h: comment.pin.h } : {}),
          },
        ]
      : [],
  );
}

/** Marks the file and its comments seen by the caller once each, when shown. */
function useSeenWhenShown(projectId: string, taskId: string, file: DesignerFile | undefined) {
  const designSeen = useMarkDesignSeen(taskId);
  const commentsSeen = useMarkCommentsSeen(taskId);
  const sent = useRef(new Set<string>());
  const markDesign = designSeen.mutate;
  const markComments = commentsSeen.mutate;
  useEffect(() => {
    if (!file) return;
    if (!file.seenDesignerFile && !sent.current.has(`d${file.uuid}`)) {
      sent.current.add(`d${file.uuid}`);
      markDesign({ projectId, taskId, designerFileKey: file.designerFileKey });
    }
    if (!file.seenComments && !sent.current.has(`c${file.uuid}`)) {
      sent.current.add(`c${file.uuid}`);
      markComments({ projectId, taskId, designerFileUuid: file.uuid });
    }
  }, [file, projectId, taskId, markDesign, markComments]);
}

/**
 * A designer file large, with its comment thread beside it (below on a phone): arrows between files
 * (keys, buttons, swipe), versions to switch and compare, feedback, new version and remove.
 */
export function DesignViewer({
  projectId,
  taskId,
  files,
  index,
  place,
  onIndexChange,
  onPlaceChange,
  onClose,
}: ViewerProps) {
  const file = files[index];
  const isPhone = useMediaQuery("(max-width: 48em)");
  const dialogOpen = useOpenModal() !== null;
  const [compareWith, setCompareWith] = useState<string | null>(null);
  const [draft, setDraft] = useState<Pin | null>(null);
  useSeenWhenShown(projectId, taskId, file);

  const versions = useMemo(() => (file ? [file, ...file.previousVersions] : []), [file]);
  const version = versionOf(versions, place);
  const compared = versions.find((item) => item.uuid === compareWith) ?? null;
  const activeId = place.comment ?? null;
  // The version in the address: none for the current one, so a file's plain link stays plain.
  const setVersionId = (uuid: string | null) =>
    onPlaceChange({ version: uuid === file?.uuid ? null : uuid, comment: null });
  const setActiveId = (id: string | null) => onPlaceChange({ version: place.version ?? null, comment: id });

  // Another file: nothing compared, no pin chosen (its version and comment come with its address).
  const fileUuid = file?.uuid;
  useEffect(() => {
    void fileUuid;
    setCompareWith(null);
    setDraft(null);
  }, [fileUuid]);

  if (!file || !version) return null;
  const isCurrent = version.uuid === file.uuid;
  const go = (step: 1 | -1) => {
    const next = index + step;
    if (next >= 0 && next < files.length) onIndexChange(next);
  };
  const canComment = file.abilities.canComment && isCurrent;

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${file.name} (${index + 1} of ${files.length})`}
      fullScreen={isPhone}
      size="calc(100vw - 48px)"
      zIndex={195}
      closeOnEscape={!dialogOpen}
      trapFocus={!dialogOpen}
      closeButtonProps={{ "aria-label": "Close viewer" }}
      styles={{ title: { fontWeight: 600, overflowWrap: "anywhere" } }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys pressed anywhere in the viewer (bubbling from its controls) move between files */}
      <div
        inert={dialogOpen}
        onKeyDown={(event) => {
          const target = event.target as HTMLElement;
          if (target.closest("input, textarea, select, [role='slider'], [role='listbox']")) return;
          if (event.key === "ArrowRight") go(1);
          else if (event.key === "ArrowLeft") go(-1);
        }}
      >
        <Group justify="space-between" mb="xs" gap="xs">
          <Group gap="xs">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Previous file"
              disabled={index === 0}
              onClick={() => go(-1)}
            >
              ‹
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Next file"
              disabled={index === files.length - 1}
              onClick={() => go(1)}
            >
              ›
            </ActionIcon>
            {version.feedback ? (
              <Badge color={version.feedback.feedback === "approved" ? "teal.9" : "orange.9"}>
                {version.feedback.feedback === "approved" ? "Approved" : "Changes requested"}
              </Badge>
            ) : null}
          </Group>
          {/* Wide enough for a whole "Version 2 (Nov 30, 2026, 2:15 PM)"; a phone's line each. */}
          <Group gap="xs" style={{ flex: isPhone ? "1 1 100%" : undefined }}>
            {versions.length > 1 ? (
              <Select
                label="Version"
                size="xs"
                w={isPhone ? "100%" : PICKER_WIDTH}
                allowDeselect={false}
                value={version.uuid}
                onChange={(value) => setVersionId(value)}
                data={versions.map((item) => ({ value: item.uuid, label: versionLabel(item) }))}
              />
            ) : null}
            {versions.length > 1 ? (
              <Select
                label="Compare with"
                size="xs"
                w={isPhone ? "100%" : PICKER_WIDTH}
                clearable
                placeholder="Not comparing"
                value={compareWith}
                onChange={setCompareWith}
                data={versions
                  .filter((item) => item.uuid !== version.uuid)
                  .map((item) => ({ value: item.uuid, label: versionLabel(item) }))}
              />
            ) : null}
          </Group>
        </Group>
        <Box style={{ display: "flex", flexDirection: isPhone ? "column" : "row", gap: "var(--mantine-spacing-md)" }}>
          <Box style={{ flex: "2 1 0", minWidth: 0 }}>
            {compared ? (
              <CompareView
                before={{
                  label: versionLabel(compared.version < version.version ? compared : version),
                  file: compared.version < version.version ? compared : version,
                }}
                after={{
                  label: versionLabel(compared.version < version.version ? version : compared),
                  file: compared.version < version.version ? version : compared,
                }}
              />
            ) : version.previewable ? (
              <ViewerStage
                key={version.uuid}
                src={fileUrl(version.designerFileKey)}
                alt={`${version.name}, version ${version.version}`}
                pins={stagePins(version)}
                activePinId={activeId}
                draft={draft}
                onPick={canComment ? (place) => setDraft(toPin(place)) : null}
                onPinClick={(id) => setActiveId(id)}
                onSwipe={go}
              />
            ) : (
              <FileCard
                name={version.name}
                contentType={version.contentType}
                size={version.size}
                fileKey={version.designerFileKey}
              />
            )}
            <Text size="xs" c="gray.7" mt={4}>
              Added by {version.userFirstName} {version.userSecondName} on {formatDateTime(version.created)}.
              {canComment && version.previewable ? " Click the image to pin a comment; drag to mark an area." : ""}
            </Text>
            {version.feedback?.comment ? <FeedbackNote feedback={version.feedback} /> : null}
            <Group gap="xs" mt="xs">
              {isCurrent && file.abilities.canGiveFeedback ? (
                <>
                  <Button
                    size="xs"
                    color="teal.9"
                    onClick={() =>
                      openModal("designFeedback", {
                        projectId,
                        taskId,
                        designerFileUuid: file.uuid,
                        fileName: file.name,
                        feedback: "approved",
                      })
                    }
                  >
                    Approve design
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() =>
                      openModal("designFeedback", {
                        projectId,
                        taskId,
                        designerFileUuid: file.uuid,
                        fileName: file.name,
                        feedback: "changesRequested",
                      })
                    }
                  >
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
                    openModal("designRemove", {
                      projectId,
                      taskId,
                      file: { key: file.designerFileKey, name: file.name },
                    })
                  }
                >
                  Remove file
                </Button>
              ) : null}
            </Group>
          </Box>
          <Box style={{ flex: "1 1 0", minWidth: isPhone ? undefined : 280 }}>
            <Stack gap="xs">
              {!isCurrent ? (
                <Text size="xs" c="gray.7">
                  An older version: its comments can be read; comment on the current one.
                </Text>
              ) : null}
              <CommentThread
                projectId={projectId}
                taskId={taskId}
                version={version}
                canComment={canComment}
                activeId={activeId}
                onActivate={setActiveId}
                draftPin={draft}
                onClearDraft={() => setDraft(null)}
              />
            </Stack>
          </Box>
        </Box>
      </div>
    </Modal>
  );
}
