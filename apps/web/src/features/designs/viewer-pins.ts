import type { DesignerFileVersion, Pin } from "@atelier/shared";

/** Where a comment points on an image: fractions 0–1 of its width and height; w and h for a rectangle. */
export interface PinPlace {
  x: number;
  y: number;
  w?: number;
  h?: number;
}

export interface StagePin extends PinPlace {
  id: string;
  /** shown on the pin and in its name: "Comment 2" */
  number: number;
  resolved: boolean;
}

/** A place picked on the stage as the pin a new comment sends. */
export function toPin(place: PinPlace): Pin {
  return place.w !== undefined && place.h !== undefined
    ? { type: "rect", x: place.x, y: place.y, w: place.w, h: place.h }
    : { type: "point", x: place.x, y: place.y };
}

/** A version's pinned comments, numbered as the thread numbers them. */
export function stagePins(version: DesignerFileVersion): StagePin[] {
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
