import { type DesignerFileVersion, isPdf, isPlayableVideo, type Pin } from "@atelier/shared";
import { CompareView } from "./compare-view.tsx";
import { fileUrl } from "./design-format.ts";
import { FileCard } from "./file-card.tsx";
import { PdfComparePicture, PdfPicture } from "./pdf-picture.tsx";
import { stagePins, toPin } from "./viewer-pins.ts";
import { ViewerStage } from "./viewer-stage.tsx";
import { versionLabel } from "./viewer-toolbar.tsx";
import { ViewerVideo } from "./viewer-video.tsx";

/** What the video player reports and offers (decision 058). */
export interface VideoHooks {
  onPlayhead: (ms: number) => void;
  onUseFrame: ((video: HTMLVideoElement) => void) | null;
  isSettingPoster: boolean;
}

/** The version shown: beside the one compared (older first), on the stage, or as a card when no preview. */
export function ViewerPicture({
  version,
  compared,
  activeId,
  draft,
  onDraft,
  onActivate,
  onSwipe,
  video,
  page,
  onPageChange,
}: {
  version: DesignerFileVersion;
  compared: DesignerFileVersion | null;
  activeId: string | null;
  draft: Pin | null;
  /** null when the caller may not comment on this version */
  onDraft: ((pin: Pin) => void) | null;
  onActivate: (commentId: string) => void;
  onSwipe: (direction: 1 | -1) => void;
  video: VideoHooks;
  /** the page shown of a PDF (1-based) */
  page: number;
  onPageChange: (page: number) => void;
}) {
  if (compared) {
    const [before, after] = compared.version < version.version ? [compared, version] : [version, compared];
    if (
      isPdf(before) &&
      isPdf(after) &&
      before.pdfPreview?.status !== "failed" &&
      after.pdfPreview?.status !== "failed"
    ) {
      return (
        <PdfComparePicture
          before={{ label: versionLabel(before), file: before }}
          after={{ label: versionLabel(after), file: after }}
        />
      );
    }
    return (
      <CompareView
        before={{ label: versionLabel(before), file: before }}
        after={{ label: versionLabel(after), file: after }}
      />
    );
  }
  if (isPlayableVideo(version.contentType)) {
    return (
      <ViewerVideo
        key={version.uuid}
        version={version}
        activeId={activeId}
        draft={draft}
        onDraft={onDraft}
        onActivate={onActivate}
        onPlayhead={video.onPlayhead}
        onUseFrame={video.onUseFrame}
        isSettingPoster={video.isSettingPoster}
      />
    );
  }
  if (isPdf(version)) {
    return (
      <PdfPicture
        version={version}
        page={page}
        onPageChange={onPageChange}
        activeId={activeId}
        draft={draft}
        onPick={onDraft ? (place) => onDraft(toPin(place)) : null}
        onActivate={onActivate}
      />
    );
  }
  if (!version.previewable) {
    return (
      <FileCard
        name={version.name}
        contentType={version.contentType}
        size={version.size}
        fileKey={version.designerFileKey}
      />
    );
  }
  return (
    <ViewerStage
      key={version.uuid}
      src={fileUrl(version.designerFileKey)}
      alt={`${version.name}, version ${version.version}`}
      pins={stagePins(version)}
      activePinId={activeId}
      draft={draft}
      onPick={onDraft ? (place) => onDraft(toPin(place)) : null}
      onPinClick={onActivate}
      onSwipe={onSwipe}
    />
  );
}
