import type { PersonalDataSource } from "../../core/personal-data.ts";
import { listUserSessions } from "../../core/sessions/repo.ts";
import { revokeUserSessions } from "../../core/sessions/service.ts";
import { describeBrowser } from "./presenter.ts";
import { deleteDataExports } from "./repo/exports.ts";
import { forgetEmailInEvents, forgetMailTo } from "./repo/traces.ts";

/** Sessions (devices), data exports, and the traces of the person's address in events and mail jobs. */
export const accountTracesPersonalData: PersonalDataSource = {
  name: "accountTraces",
  async export(db, subject) {
    const sessions = await listUserSessions(db, subject.id, new Date());
    return {
      records: {
        devices: sessions.map((row) => ({
          browser: describeBrowser(row.userAgent),
          userAgent: row.userAgent,
          place: row.ip,
          signedInAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
        })),
      },
    };
  },
  async erase(tx, subject) {
    await revokeUserSessions(tx, { userId: subject.id });
    const storageKeys = await deleteDataExports(tx, subject.id);
    await forgetEmailInEvents(tx, subject.email);
    await forgetMailTo(tx, subject.email);
    return { storageKeys };
  },
};
