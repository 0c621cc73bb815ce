import classes from "./designs.module.css";
import { DraftPin, StagePins } from "./stage-pins.tsx";
import { useStageGestures } from "./use-stage-gestures.ts";
import type { PinPlace, StagePin } from "./viewer-pins.ts";
import { ZoomControls } from "./zoom-controls.tsx";

interface ViewerStageProps {
  src: string;
  alt: string;
  pins: StagePin[];
  activePinId: string | null;
  /** the pin of a comment being written */
  draft: PinPlace | null;
  /** null when the caller may not comment */
  onPick: ((place: PinPlace) => void) | null;
  onPinClick: (id: string) => void;
  /** a horizontal swipe on a touch screen: +1 next, -1 previous */
  onSwipe: (direction: 1 | -1) => void;
}

/**
 * One design large: zoom (buttons, wheel, + and - keys) and pan (drag while zoomed), pins drawn
 * where comments point, a click on the image to start a pinned comment (a mouse drag draws a
 * rectangle), and a swipe between files on touch screens animated for SPEC §9's 300 ms.
 */
export function ViewerStage({ src, alt, pins, activePinId, draft, onPick, onPinClick, onSwipe }: ViewerStageProps) {
  const stage = useStageGestures({ onPick, onSwipe });
  const shown = stage.dragRect ?? draft;
  return (
    <div>
      <ZoomControls zoom={stage.zoom} onZoom={stage.setZoomTo} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer gestures on the image; every action also has a button or key */}
      <div
        className={classes.stage}
        onWheel={stage.onWheel}
        onKeyDown={stage.onKeyDown}
        onPointerDown={stage.onPointerDown}
        onPointerMove={stage.onPointerMove}
        onPointerUp={stage.onPointerUp}
        onPointerCancel={stage.onPointerCancel}
      >
        <div
          className={`${classes.canvas} ${stage.slide !== 0 ? classes.swipe : ""}`}
          style={{
            transform:
              stage.slide !== 0
                ? `translateX(${stage.slide * -100}%)`
                : `translate(${stage.pan.x}px, ${stage.pan.y}px) scale(${stage.zoom})`,
          }}
          onTransitionEnd={stage.onSlideEnd}
        >
          <div className={classes.frame} ref={stage.frame} data-testid="design-frame">
            <img src={src} alt={alt} draggable={false} />
            <StagePins pins={pins} activePinId={activePinId} zoom={stage.zoom} onPinClick={onPinClick} />
            {shown ? <DraftPin place={shown} /> : null}
          </div>
        </div>
      </div>
    </div>
  );
}
