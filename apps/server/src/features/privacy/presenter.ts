import type { DataExport, DeviceSession } from "@atelier/shared";
import type { SessionRow } from "../../core/sessions/repo.ts";
import type { DataExportRow } from "./repo/exports.ts";

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, "Windows"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** "Firefox on Windows" from a User-Agent; enough to recognise one's own devices. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Unknown browser";
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

export function presentDeviceSession(row: SessionRow, currentSessionId: string): DeviceSession {
  return {
    id: row.id,
    browser: describeBrowser(row.userAgent),
    place: row.ip,
    createdAt: row.createdAt.getTime(),
    lastSeenAt: row.lastSeenAt.getTime(),
    current: row.id === currentSessionId,
  };
}

/** `downloadToken` exists only right after the export was built; later answers carry no link. */
export function presentDataExport(row: DataExportRow, downloadUrl: string | null): DataExport {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    createdAt: row.createdAt.getTime(),
    downloadUrl,
    expiresAt: row.expiresAt?.getTime() ?? null,
    size: row.size,
  };
}
