import type { DesignerFile } from "@atelier/shared";
import { useEffect, useRef } from "react";
import { useMarkCommentsSeen, useMarkDesignSeen } from "./use-designs.ts";

/** Marks the file and its comments seen by the caller once each, when shown. */
export function useSeenWhenShown(projectId: string, taskId: string, file: DesignerFile | undefined) {
  const designSeen = useMarkDesignSeen(taskId);
  const commentsSeen = useMarkCommentsSeen(taskId);
  const sent = useRef(new Set<string>());
  const markDesign = designSeen.mutate;
  const markComments = commentsSeen.mutate;
  useEffect(() => {
    if (!file) return;
    if (!file.seenDesignerFile && !sent.current.has(`d${file.uuid}`)) {
      sent.current.add(`d${file.uuid}`);
      markDesign({ projectId, taskId, designerFileKey: file.designerFileKey });
    }
    if (!file.seenComments && !sent.current.has(`c${file.uuid}`)) {
      sent.current.add(`c${file.uuid}`);
      markComments({ projectId, taskId, designerFileUuid: file.uuid });
    }
  }, [file, projectId, taskId, markDesign, markComments]);
}
