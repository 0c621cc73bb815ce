import type { GdprResult } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { unauthenticated } from "../../../core/errors.ts";
import type { DataSubject } from "../../../core/personal-data.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { findUserById } from "../../users/index.ts";

const DONE = "All your information was removed";

/**
 * `POST /v3/project/gdprRequest`: removes the caller's personal data for good, in one transaction
 * over every feature's source. A refusal (status false) is decided inside the same transaction,
 * before anything is written, so it changes nothing. Stored files go after the commit: a file
 * left behind by a failed delete is logged and has no row pointing at it.
 */
export async function requestErasure(ctx: AppContext, actor: Actor): Promise<GdprResult> {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw unauthenticated();
  const subject: DataSubject = { id: user.id, email: user.email, role: user.role };
  const outcome = await withTransaction(ctx, async (tx, emit) => {
    for (const source of ctx.personalData) {
      const refusal = (await source.refusal?.(tx, subject)) ?? null;
      if (refusal) return { refusal, storageKeys: [] };
    }
    const storageKeys: string[] = [];
    for (const source of ctx.personalData) {
      const erased = await source.erase(tx, subject, { jobs: ctx.jobs, emit });
      storageKeys.push(...(erased.storageKeys ?? []));
    }
    emit({
      type: "user.erased",
      actorId: null,
      projectId: null,
      subject: { type: "user", id: subject.id },
      payload: { userId: subject.id },
    });
    return { refusal: null, storageKeys };
  });
  if (outcome.refusal) return { status: false, explanation: outcome.refusal };
  await removeStoredFiles(ctx, outcome.storageKeys);
  ctx.log.info({ userId: subject.id }, "personal information removed on the person's request");
  return { status: true, explanation: DONE };
}

async function removeStoredFiles(ctx: AppContext, keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => ctx.storage.remove(key)));
  const failed = keys.filter((_, index) => results[index]?.status === "rejected");
  if (failed.length > 0) ctx.log.error({ keys: failed }, "stored files of a removed person could not be deleted");
}
