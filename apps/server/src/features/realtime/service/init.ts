import { type ChannelToken, contract } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden } from "../../../core/errors.ts";
import { signStreamToken } from "./token.ts";

/** `GET /chat/channel/{id}/init`: a token for the caller's own channel only (another id is 403). */
export function issueChannelToken(ctx: AppContext, actor: Actor, channelId: string): ChannelToken {
  if (channelId !== actor.id) throw forbidden();
  const expiresAt = Date.now() + ctx.config.realtimeTokenSeconds * 1000;
  const token = signStreamToken(ctx.config, { userId: actor.id, sessionId: actor.sessionId, expiresAt });
  return { token, expiresAt, streamPath: contract.realtime.stream.path.replace(":id", actor.id) };
}
