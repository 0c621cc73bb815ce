import type { DesignerFile, DesignerFileVersion } from "@atelier/shared";

/** The history entry the app pushed when it opened the viewer: closing goes back over it. */
export const VIEWER_ENTRY = { designViewer: true } as const;

export function isViewerEntry(state: unknown): boolean {
  return typeof state === "object" && state !== null && "designViewer" in state;
}

/**
 * The file an address's `design` names: by any of its versions' uuids, since a message about
 * version 1 keeps that uuid after version 2 replaces it. Null when absent or no longer there.
 */
export function fileIndexOf(files: readonly DesignerFile[], design: string | null): number | null {
  if (!design) return null;
  const index = files.findIndex(
    (file) => file.uuid === design || file.previousVersions.some((version) => version.uuid === design),
  );
  return index === -1 ? null : index;
}

/**
 * The version an address shows: the one it names, else the one holding the named comment
 * (a comment link finds its thread on an older version), else the current one.
 */
export function versionOf(
  versions: readonly DesignerFileVersion[],
  place: { version?: string | null; comment?: string | null },
): DesignerFileVersion | undefined {
  return (
    versions.find((item) => item.uuid === place.version) ??
    (place.comment ? versions.find((item) => item.fileCommentList.some((c) => c.id === place.comment)) : undefined) ??
    versions[0]
  );
}
