import { type Task, taskLink } from "@atelier/shared";
import { Button, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useEffect } from "react";
import { useLocation, useNavigate, useSearchParams } from "../../lib/router/index.ts";
import { openModal } from "../../ui/modal-store.ts";
import { DesignThumbnails } from "./design-thumbnails.tsx";
import { DesignViewer, type ViewerPlace } from "./design-viewer.tsx";
import { FeedbackNote } from "./feedback-note.tsx";
import { useAutoPosters } from "./use-auto-posters.ts";
import { useReorderDesigns, useTaskDesigns } from "./use-designs.ts";
import { useReviewRounds } from "./use-review-rounds.ts";
import { fileIndexOf, isViewerEntry, VIEWER_ENTRY } from "./viewer-address.ts";

// Review rounds: their own chunk, so the project screen's first load stays within its budget.
const ReviewRoundsSection = lazy(() =>
  import("./review-rounds-section.tsx").then((module) => ({ default: module.ReviewRoundsSection })),
);

// Loaded with the section's first draw after the thumbnails: most panels never use it.
const GuestSharesSection = lazy(() =>
  import("./guest-shares-section.tsx").then((module) => ({ default: module.GuestSharesSection })),
);

interface SectionProps {
  task: Task;
  /** the task panel stands back (no focus trap, no Escape) while the viewer is open over it */
  onViewerChange: (open: boolean) => void;
}

/** The task panel's designs: thumbnails in order, the actions on them, and the viewer. */
export function DesignsSection({ task, onViewerChange }: SectionProps) {
  const designs = useTaskDesigns(task.projectId, task.id);
  const reorder = useReorderDesigns(task.projectId, task.id);
  // An open review round decides the approval (issue 23): the direct Approve task waits meanwhile.
  const rounds = useReviewRounds(task.projectId, task.id);
  const roundOpen = rounds.data?.items.some((round) => round.state === "open") ?? false;
  const files = designs.data?.designerFileList ?? [];
  useAutoPosters(task.projectId, task.id, files);
  // The viewer's place is the address (issue 29): ?design=…&version=…&comment=… on the task's
  // route, so a link, a reload and back/forward all land on the same file, version and comment.
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const place: ViewerPlace = { version: params.get("version"), comment: params.get("comment") };
  const shown = fileIndexOf(files, params.get("design"));
  const linkTo = (index: number, at: ViewerPlace = {}) =>
    taskLink(task.projectId, task.id, { design: files[index]?.uuid, ...at });
  // Opening is a step Back undoes; moving inside the viewer replaces that step.
  const openAt = (index: number) => navigate(linkTo(index), { state: VIEWER_ENTRY, preventScrollReset: true });
  const moveTo = (index: number, at: ViewerPlace = {}) =>
    navigate(linkTo(index, at), { replace: true, state: location.state, preventScrollReset: true });
  const close = () => {
    if (isViewerEntry(location.state)) window.history.back();
    else navigate(taskLink(task.projectId, task.id), { replace: true, preventScrollReset: true });
  };

  useEffect(() => {
    onViewerChange(shown !== null);
  }, [shown, onViewerChange]);
  useEffect(() => () => onViewerChange(false), [onViewerChange]);

  const ref = { projectId: task.projectId, taskId: task.id };
  return (
    <Stack gap="xs" role="region" aria-label="Designs">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={3} size="h6">
          Designs{files.length > 0 ? ` (${files.length})` : ""}
        </Title>
        <Group gap={4}>
          {designs.data?.canAddDesign ? (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => openModal("designUpload", { ...ref, versionOf: null })}
            >
              Upload designs
            </Button>
          ) : null}
          {files.length > 0 ? (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => openModal("designZip", { ...ref, taskTitle: task.title })}
            >
              Download zip
            </Button>
          ) : null}
          {designs.data?.canRemoveAll && files.length > 0 ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              c="red.9"
              onClick={() => openModal("designRemove", { ...ref, file: null })}
            >
              Remove all
            </Button>
          ) : null}
        </Group>
      </Group>
      {designs.isPending ? (
        <Group gap="xs" role="status" aria-label="Loading designs">
          {[0, 1, 2].map((item) => (
            <Skeleton key={item} width={80} height={80} />
          ))}
        </Group>
      ) : designs.isError ? (
        <Group gap="xs">
          <Text size="sm" role="alert">
            The designs could not be loaded.
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => void designs.refetch()}>
            Try again
          </Button>
        </Group>
      ) : files.length === 0 ? (
        <Text size="sm" c="gray.7">
          No designs yet.
        </Text>
      ) : (
        <DesignThumbnails
          files={files}
          canReorder={designs.data.canReorder}
          onOpen={openAt}
          onReorder={(keys) => reorder.mutate(keys)}
        />
      )}
      {files.map((file) =>
        file.feedback?.feedback === "changesRequested" ? (
          <FeedbackNote key={file.uuid} feedback={file.feedback} fileName={file.name} />
        ) : null,
      )}
      {files.length > 0 ? (
        <Suspense fallback={null}>
          <ReviewRoundsSection projectId={task.projectId} taskId={task.id} />
        </Suspense>
      ) : null}
      {designs.data?.canApprove && task.status === "review" && !roundOpen ? (
        <Group>
          <Button
            size="xs"
            color="teal.9"
            onClick={() => openModal("designTaskApprove", { ...ref, title: task.title })}
          >
            Approve task
          </Button>
        </Group>
      ) : null}
      {files.length > 0 ? (
        <Suspense fallback={null}>
          <GuestSharesSection projectId={task.projectId} taskId={task.id} />
        </Suspense>
      ) : null}
      {shown !== null ? (
        <DesignViewer
          projectId={task.projectId}
          taskId={task.id}
          files={files}
          index={shown}
          place={place}
          onIndexChange={(index) => moveTo(index)}
          onPlaceChange={(at) => moveTo(shown, at)}
          onClose={close}
        />
      ) : null}
    </Stack>
  );
}
