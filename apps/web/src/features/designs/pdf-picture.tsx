import { type DesignerFileVersion, isPdf, type PdfPreview } from "@atelier/shared";
import { Alert, Group, Loader, Stack, Text } from "@mantine/core";
import { lazy, Suspense, useEffect } from "react";
import { fileUrl } from "./design-format.ts";
import { FileCard } from "./file-card.tsx";
import { type PinPlace, stagePins } from "./viewer-pins.ts";

// pdf.js is in these chunks only: nothing of it loads until a task with a PDF is shown (decision 057).
const loadPdfViewer = () => import("./pdf-viewer.tsx");
const PdfStage = lazy(loadPdfViewer);
const PdfCompare = lazy(() => import("./pdf-viewer.tsx").then((module) => ({ default: module.PdfCompare })));

/**
 * Once a task with a PDF design is on screen and the browser is idle, fetch the viewer's chunk
 * and start pdf.js's worker, so opening the PDF only has to read the file (the 1 s target).
 */
export function usePdfViewerWarmUp(files: readonly DesignerFileVersion[]): void {
  const hasPdf = files.some((file) => isPdf(file) && file.pdfPreview?.status !== "failed");
  useEffect(() => {
    if (!hasPdf) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => {
      loadPdfViewer().then(
        (viewer) => viewer.warmUpPdfWorker(),
        () => {
          // Offline or a new release: the viewer's own import will say so when it is opened.
        },
      );
    });
    return () => cancel(handle);
  }, [hasPdf]);
}

function Opening() {
  return (
    <Group justify="center" p="xl" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text size="sm">Loading the PDF viewer…</Text>
    </Group>
  );
}

/** The preview could not be made (damaged, password): a placeholder that says why, and the download. */
export function PdfProblem({ version, preview }: { version: DesignerFileVersion; preview: PdfPreview }) {
  return (
    <Stack gap="xs">
      <Alert color="orange" title="This PDF cannot be shown">
        {preview.message}
      </Alert>
      <FileCard
        name={version.name}
        contentType={version.contentType}
        size={version.size}
        fileKey={version.designerFileKey}
      />
    </Stack>
  );
}

/** A PDF version in the viewer: its pages (lazily loaded viewer) with the comments' pins on the page shown. */
export function PdfPicture({
  version,
  page,
  onPageChange,
  activeId,
  draft,
  onPick,
  onActivate,
}: {
  version: DesignerFileVersion;
  page: number;
  onPageChange: (page: number) => void;
  activeId: string | null;
  draft: PinPlace | null;
  onPick: ((place: PinPlace) => void) | null;
  onActivate: (commentId: string) => void;
}) {
  const preview = version.pdfPreview;
  if (preview?.status === "failed") return <PdfProblem version={version} preview={preview} />;
  const onPage = new Set(version.fileCommentList.filter((comment) => comment.page === page).map((item) => item.id));
  return (
    <Suspense fallback={<Opening />}>
      <PdfStage
        key={version.uuid}
        url={fileUrl(version.designerFileKey)}
        name={version.name}
        page={page}
        onPageChange={onPageChange}
        pins={stagePins(version).filter((pin) => onPage.has(pin.id))}
        activePinId={activeId}
        draft={draft}
        onPick={onPick}
        onPinClick={onActivate}
      />
    </Suspense>
  );
}

/** Two PDF versions compared page by page (lazily loaded viewer). */
export function PdfComparePicture({
  before,
  after,
}: {
  before: { label: string; file: DesignerFileVersion };
  after: { label: string; file: DesignerFileVersion };
}) {
  return (
    <Suspense fallback={<Opening />}>
      <PdfCompare
        before={{ label: before.label, url: fileUrl(before.file.designerFileKey) }}
        after={{ label: after.label, url: fileUrl(after.file.designerFileKey) }}
      />
    </Suspense>
  );
}
