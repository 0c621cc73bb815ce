import classes from "./designs.module.css";
import type { PinPlace, StagePin } from "./viewer-pins.ts";

/**
 * The comments' pins over the image (a rectangle's area under its numbered pin), kept the same
 * size on screen at any zoom.
 */
export function StagePins({
  pins,
  activePinId,
  zoom,
  onPinClick,
}: {
  pins: StagePin[];
  activePinId: string | null;
  zoom: number;
  onPinClick: (id: string) => void;
}) {
  return (
    <>
      {pins.map((pin) =>
        pin.w !== undefined && pin.h !== undefined ? (
          <span
            key={`rect-${pin.id}`}
            className={classes.rect}
            data-testid={`pin-area-${pin.number}`}
            style={{
              left: `${pin.x * 100}%`,
              top: `${pin.y * 100}%`,
              width: `${pin.w * 100}%`,
              height: `${pin.h * 100}%`,
            }}
          />
        ) : null,
      )}
      {pins.map((pin) => (
        <button
          type="button"
          key={pin.id}
          className={`${classes.pin} ${pin.resolved ? classes.pinResolved : ""} ${pin.id === activePinId ? classes.pinActive : ""}`}
          style={{ left: `${pin.x * 100}%`, top: `${pin.y * 100}%`, transform: `scale(${1 / zoom})` }}
          aria-label={`Comment ${pin.number}${pin.resolved ? " (resolved)" : ""}`}
          aria-pressed={pin.id === activePinId}
          onClick={() => onPinClick(pin.id)}
        >
          {pin.number}
        </button>
      ))}
    </>
  );
}

/** The pin (or area being dragged) of the comment being written. */
export function DraftPin({ place }: { place: PinPlace }) {
  return place.w !== undefined && place.h !== undefined ? (
    <span
      className={classes.rect}
      style={{
        left: `${place.x * 100}%`,
        top: `${place.y * 100}%`,
        width: `${place.w * 100}%`,
        height: `${place.h * 100}%`,
      }}
      data-testid="draft-pin"
    />
  ) : (
    <span
      className={`${classes.pin} ${classes.draft}`}
      style={{ left: `${place.x * 100}%`, top: `${place.y * 100}%` }}
      data-testid="draft-pin"
    />
  );
}
