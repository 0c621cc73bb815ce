import { type DesignerFile, isPlayableVideo } from "@atelier/shared";
import { useEffect, useRef } from "react";
import { fileUrl } from "./design-format.ts";
import { useSetDesignPoster } from "./use-designs.ts";

/**
 * A video without a poster gets one from the first browser that may set it and shows the task
 * (in practice the uploader's, right after adding it): the frame a second in, captured from the
 * stored file (decision 058). Each video is tried once per page; one that cannot be decoded here
 * keeps the player's own first frame, and the try is not repeated.
 */
export function useAutoPosters(projectId: string, taskId: string, files: readonly DesignerFile[]) {
  const tried = useRef(new Set<string>());
  const setPoster = useSetDesignPoster(taskId);
  const { mutate } = setPoster;
  const controller = useRef(new AbortController());
  useEffect(() => {
    const current = controller.current;
    return () => current.abort();
  }, []);

  useEffect(() => {
    for (const file of files) {
      const wanted = isPlayableVideo(file.contentType) && file.posterKey === null && file.abilities.canAddVersion;
      if (!wanted || tried.current.has(file.uuid)) continue;
      tried.current.add(file.uuid);
      // The capture's code comes with the first video that needs it, not with every task panel.
      const signal = controller.current.signal;
      import("./video-poster.ts")
        .then(({ captureStoredPoster }) => captureStoredPoster(fileUrl(file.designerFileKey), signal))
        .then(
          (posterKey) => mutate({ projectId, taskId, designerFileUuid: file.uuid, posterKey }),
          // Not decodable in this browser (or the page went on): the player shows its first frame.
          () => undefined,
        );
    }
  }, [files, projectId, taskId, mutate]);
}
