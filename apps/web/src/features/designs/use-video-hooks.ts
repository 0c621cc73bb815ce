import { type DesignerFile, isPlayableVideo } from "@atelier/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { showApiError } from "../../ui/show-api-error.ts";
import { useSetDesignPoster } from "./use-designs.ts";
import { uploadFrame } from "./video-poster.ts";
import type { VideoHooks } from "./viewer-picture.tsx";

const POSTER_FAILED = "Unable to set the poster. Try again later!";

/**
 * The viewer's side of a video (decision 058): where it is (for the comment being written) and
 * "Use this frame as poster" for whoever may change the file.
 */
export function useVideoHooks(projectId: string, taskId: string, file: DesignerFile | undefined) {
  const [playheadMs, setPlayheadMs] = useState(0);
  const [isSettingPoster, setSettingPoster] = useState(false);
  const setPoster = useSetDesignPoster(taskId);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const fileUuid = file?.uuid;
  // Another file starts at its beginning.
  useEffect(() => {
    void fileUuid;
    setPlayheadMs(0);
  }, [fileUuid]);

  const canSetPoster = Boolean(file?.abilities.canAddVersion && isPlayableVideo(file.contentType));
  const onUseFrame = useCallback(
    (video: HTMLVideoElement) => {
      if (!fileUuid) return;
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setSettingPoster(true);
      uploadFrame(video, current.signal)
        // The call's own failure is told by its mutation (meta.errorMessage); the upload's, here.
        .then((posterKey) => setPoster.mutate({ projectId, taskId, designerFileUuid: fileUuid, posterKey }))
        .catch((error: unknown) => {
          if (!(error instanceof DOMException && error.name === "AbortError")) showApiError(error, POSTER_FAILED);
        })
        .finally(() => setSettingPoster(false));
    },
    [fileUuid, projectId, taskId, setPoster],
  );

  const hooks: VideoHooks = {
    onPlayhead: setPlayheadMs,
    onUseFrame: canSetPoster ? onUseFrame : null,
    isSettingPoster,
  };
  return { playheadMs, hooks };
}
