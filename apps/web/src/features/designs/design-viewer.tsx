import { type DesignerFile, isPdf, isPlayableVideo, type Pin } from "@atelier/shared";
import { Box, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useEffect, useMemo, useState } from "react";
import { useOpenModal } from "../../ui/modal-store.ts";
import { CommentThread } from "./comment-thread.tsx";
import { formatDateTime } from "./design-format.ts";
import { FeedbackNote } from "./feedback-note.tsx";
import { useSeenWhenShown } from "./use-seen-when-shown.ts";
import { useVideoHooks } from "./use-video-hooks.ts";
import { formatVideoTime } from "./video-time.ts";
import { versionOf } from "./viewer-address.ts";
import { ViewerFileActions } from "./viewer-file-actions.tsx";
import { ViewerPicture } from "./viewer-picture.tsx";
import { ViewerToolbar } from "./viewer-toolbar.tsx";

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
  const [pdfPage, setPdfPage] = useState(1);
  useSeenWhenShown(projectId, taskId, file);
  const video = useVideoHooks(projectId, taskId, file);

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
    setPdfPage(1);
  }, [fileUuid]);
  // A comment on a PDF page, chosen in the thread or by its address, turns the viewer to its page.
  const activePage = version?.fileCommentList.find((comment) => comment.id === activeId)?.page ?? null;
  useEffect(() => {
    if (activePage !== null) setPdfPage(activePage);
  }, [activePage]);
  const turnPage = (page: number) => {
    setPdfPage(page);
    setDraft(null);
  };

  if (!file || !version) return null;
  const isCurrent = version.uuid === file.uuid;
  const go = (step: 1 | -1) => {
    const next = index + step;
    if (next >= 0 && next < files.length) onIndexChange(next);
  };
  const canComment = file.abilities.canComment && isCurrent;
  const isVideo = isPlayableVideo(version.contentType);

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
        <ViewerToolbar
          index={index}
          count={files.length}
          onGo={go}
          version={version}
          versions={versions}
          compareWith={compareWith}
          onVersionChange={setVersionId}
          onCompareChange={setCompareWith}
          isPhone={isPhone}
        />
        <Box style={{ display: "flex", flexDirection: isPhone ? "column" : "row", gap: "var(--mantine-spacing-md)" }}>
          <Box style={{ flex: "2 1 0", minWidth: 0 }}>
            <ViewerPicture
              version={version}
              compared={compared}
              activeId={activeId}
              draft={draft}
              onDraft={canComment ? setDraft : null}
              onActivate={setActiveId}
              onSwipe={go}
              video={{ ...video.hooks, onUseFrame: isCurrent ? video.hooks.onUseFrame : null }}
              page={pdfPage}
              onPageChange={turnPage}
            />
            <Text size="xs" c="gray.7" mt={4}>
              Added by {version.userFirstName} {version.userSecondName} on {formatDateTime(version.created)}.
              {canComment && version.previewable ? " Click the image to pin a comment; drag to mark an area." : ""}
              {canComment && isVideo
                ? ` Comments are made at the video's time (now ${formatVideoTime(video.playheadMs)}); pause and click the frame to pin one.`
                : ""}
              {canComment && isPdf(version) ? " Click the page to pin a comment; drag to mark an area." : ""}
            </Text>
            {version.feedback?.comment ? <FeedbackNote feedback={version.feedback} /> : null}
            <ViewerFileActions projectId={projectId} taskId={taskId} file={file} isCurrent={isCurrent} />
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
                page={isPdf(version) && version.pdfPreview?.status !== "failed" ? pdfPage : null}
                onClearDraft={() => setDraft(null)}
                atMs={isVideo ? video.playheadMs : null}
              />
            </Stack>
          </Box>
        </Box>
      </div>
    </Modal>
  );
}
