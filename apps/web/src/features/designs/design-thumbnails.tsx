import type { DesignerFile } from "@atelier/shared";
import { THUMBNAIL_SIZE } from "@atelier/shared";
import { arrayMove, rectSortingStrategy } from "@dnd-kit/sortable";
import type { ReactNode } from "react";
import { SortableItem, SortableList } from "../../ui/sortable-list.tsx";
import { fileUrl } from "./design-format.ts";
import classes from "./designs.module.css";
import { usePdfViewerWarmUp } from "./pdf-picture.tsx";

interface ThumbProps {
  file: DesignerFile;
  index: number;
  onOpen: (index: number) => void;
  handle?: ReactNode;
}

function unseen(file: DesignerFile): boolean {
  return !file.seenDesignerFile || !file.seenComments;
}

function thumbName(file: DesignerFile): string {
  const notes = [
    file.version > 1 ? `version ${file.version}` : null,
    file.fileCommentList.length > 0 ? `${file.fileCommentList.length} comments` : null,
    unseen(file) ? "new" : null,
  ].filter(Boolean);
  return notes.length > 0 ? `Open ${file.name} (${notes.join(", ")})` : `Open ${file.name}`;
}

/** SPEC §9: an 80×80 thumbnail (the server's resize), or the file's type for a file card. */
function Thumb({ file, index, onOpen, handle }: ThumbProps) {
  // A video's thumbnail is its poster's (decision 058); a PDF's, its page 1 drawn by the server (057).
  const pictureKey = file.previewable || file.pdfPreview?.status === "ready" ? file.designerFileKey : file.posterKey;
  const thumbUrl = `${fileUrl(pictureKey ?? "")}?w=${THUMBNAIL_SIZE}&h=${THUMBNAIL_SIZE}`;
  return (
    <div style={{ position: "relative" }}>
      <button type="button" className={classes.thumb} aria-label={thumbName(file)} onClick={() => onOpen(index)}>
        {pictureKey ? (
          <img
            src={thumbUrl}
            alt={`${file.name} (thumbnail)`}
            width={THUMBNAIL_SIZE}
            height={THUMBNAIL_SIZE}
            loading="lazy"
          />
        ) : (
          <span className={classes.thumbCard}>
            {file.name.split(".").pop()?.toUpperCase() ?? "FILE"}
            {file.pdfPreview?.status === "pending" ? <small> preview on its way</small> : null}
            {file.pdfPreview?.status === "failed" ? <small> cannot be shown</small> : null}
          </span>
        )}
        {unseen(file) ? <span className={classes.unseen} data-testid="unseen-marker" /> : null}
      </button>
      {handle}
    </div>
  );
}

function SortableThumb(props: ThumbProps) {
  return (
    <SortableItem id={props.file.designerFileKey}>
      {(handle) => (
        <Thumb
          {...props}
          handle={
            <button
              type="button"
              ref={handle.ref}
              {...handle.attributes}
              {...handle.listeners}
              aria-label={`Move ${props.file.name}`}
              style={{
                position: "absolute",
                left: 2,
                bottom: 2,
                width: 24,
                height: 24,
                border: "1px solid var(--mantine-color-gray-5)",
                borderRadius: 4,
                background: "white",
                color: "var(--mantine-color-gray-8)",
                cursor: "grab",
                padding: 0,
                touchAction: "none",
              }}
            >
              <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
                {[5, 12, 19].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.8" />))}
              </svg>
            </button>
          }
        />
      )}
    </SortableItem>
  );
}

const instructions =
  "To move a file, press Space or Enter on its move button, use the arrow keys to choose its place, " +
  "then press Space or Enter again to drop it, or Escape to cancel.";

interface ThumbnailsProps {
  files: DesignerFile[];
  canReorder: boolean;
  onOpen: (index: number) => void;
  /** the whole new order of keys */
  onReorder: (keys: string[]) => void;
}

/** The task's designer files in their order; those who may reorder drag a handle (or use the keyboard). */
export function DesignThumbnails({ files, canReorder, onOpen, onReorder }: ThumbnailsProps) {
  usePdfViewerWarmUp(files);
  const keys = files.map((file) => file.designerFileKey);
  const nameOf = (id: string) => files.find((file) => file.designerFileKey === id)?.name ?? "The file";

  if (!canReorder || files.length < 2) {
    return (
      <ul className={classes.thumbs} aria-label="Designer files">
        {files.map((file, index) => (
          <li key={file.designerFileKey}>
            <Thumb file={file} index={index} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <SortableList
      ids={keys}
      nameOf={nameOf}
      instructions={instructions}
      strategy={rectSortingStrategy}
      onMove={({ from, to }) => onReorder(arrayMove(keys, from, to))}
    >
      <ul className={classes.thumbs} aria-label="Designer files">
        {files.map((file, index) => (
          <SortableThumb key={file.designerFileKey} file={file} index={index} onOpen={onOpen} />
        ))}
      </ul>
    </SortableList>
  );
}
