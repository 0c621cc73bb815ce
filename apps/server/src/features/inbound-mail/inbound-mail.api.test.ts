import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { contract, INBOUND_MAIL_MESSAGES, type Project, type Task } from "@atelier/shared";
import { and, desc, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer/index.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type BuiltUser, buildTask, buildTeamWorld, type Cast } from "../../../test/builders.ts";
import { addDesigns, buildWorkTask, getDesigns, ok, pngBytes, uploadImage } from "../../../test/design-builders.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { files, notifications } from "../../db/schema/index.ts";
import { replyAddressFor, signReplyToken } from "../../mail/reply-address.ts";
import { receiveWebhookReply } from "./service/webhook.ts";
import { signInboundWebhook } from "./service/webhook-signature.ts";

/**
 * Issue 25, part 4: replies by e-mail. The scene is built once: a design thread the designer
 * opened (the owner is mailed about it) and a thread of a task's conversation the owner opened (the
 * editor is). Mail goes over SMTP on loopback to the app's own listener, or to the signed webhook.
 */

const DOMAIN = "reply.atelier.test";
const SECRET = "inbound-webhook-secret-for-the-tests-0123456789";
const M = INBOUND_MAIL_MESSAGES;

let t: TestApp;
let cast: Cast;
let project: Project;
let designTask: Task;
let talkTask: Task;
let smtp: ReturnType<typeof nodemailer.createTransport>;
let designThreadId: string;
let talkThreadId: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

beforeAll(async () => {
  const port = await freePort();
  ({ t, cast, project } = await buildTeamWorld({
    INBOUND_DOMAIN: DOMAIN,
    INBOUND_SMTP_PORT: String(port),
    INBOUND_WEBHOOK_SECRET: SECRET,
    INBOUND_MAX_MB: "0.2",
    HOST: "127.0.0.1",
  }));
  smtp = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
  designTask = await buildWorkTask(t, cast, project);
  const designs = await addDesigns(t, cast.designerOnTeam, designTask, [await uploadImage(t, cast.designerOnTeam)]);
  const file = designs.designerFileList[0];
  const thread = ok(
    "comment",
    await t.api(contract.designs.addComment, {
      token: cast.designerOnTeam.token,
      body: {
        projectId: project.id,
        taskId: designTask.id,
        designerFileUuid: file?.uuid ?? "",
        comment: "Is the blue right?",
      },
    }),
  );
  designThreadId = thread.id;
  talkTask = await buildTask(t, cast.owner, { projectId: project.id, title: "Brief" });
  const talk = ok(
    "task comment",
    await t.api(contract.taskComments.add, {
      token: cast.owner.token,
      body: { projectId: project.id, taskId: talkTask.id, comment: "Any questions on the brief?" },
    }),
  );
  talkThreadId = talk.id;
});
afterAll(async () => {
  smtp?.close();
  await t?.close();
});

/** The reply address of the person's notification about the thread (as their digest carries it). */
async function addressOf(person: BuiltUser, threadTask: Task): Promise<string> {
  const rows = await t.ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, person.user.id),
        eq(notifications.taskId, threadTask.id),
        eq(notifications.kind, "addComment"),
      ),
    )
    .orderBy(desc(notifications.createdAt));
  const address = rows[0] && replyAddressFor(t.config, rows[0].id);
  if (!address) throw new Error("no notification to answer");
  return address;
}

const designReplies = async () => {
  const designs = await getDesigns(t, cast.admin, designTask);
  const thread = designs.designerFileList[0]?.fileCommentList.find((comment) => comment.id === designThreadId);
  return thread?.fileCommentReplyList ?? [];
};

const talkReplies = async () => {
  const conversation = ok(
    "conversation",
    await t.api(contract.taskComments.get, {
      token: cast.admin.token,
      params: { id: project.id, taskId: talkTask.id },
    }),
  );
  return conversation.threads.find((thread) => thread.id === talkThreadId)?.replies ?? [];
};

/**
 * Sends over SMTP; answers 250 when the server took the message, or its refusal's code, which
 * must come with `reason` (the text the sender's bounce shows).
 */
async function send(mail: Mail.Options, reason?: string): Promise<number> {
  try {
    await smtp.sendMail(mail);
    return 250;
  } catch (error) {
    const { responseCode, response } = error as { responseCode?: number; response?: string };
    if (reason) expect(response).toContain(reason);
    return responseCode ?? 0;
  }
}

const quoted = (text: string) =>
  `${text}\n\nOn Mon, 23 Nov 2026 at 10:00, Atelier <no-reply@localhost> wrote:\n> Dana D. commented on design.png\n> Is the blue right?\n`;

describe("the reply address in notification e-mails", () => {
  it("is the digest's Reply-To when its comments are one thread, and written by each comment line", async () => {
    const mails = (await t.readOutbox()).filter((mail) => mail.to === cast.owner.user.email);
    const digest = mails.find((mail) => mail.text.includes("commented on design.png"));
    expect(digest?.replyTo).toMatch(new RegExp(`^reply\\+[a-z2-7]{50}@${DOMAIN.replaceAll(".", "\\.")}$`));
    expect(digest?.replyTo?.split("@")[0]?.length).toBeLessThanOrEqual(64);
    expect(digest?.text).toContain(`Reply by e-mail: ${digest?.replyTo}`);
    // Lines that are not about a comment (the task's creation, the upload) carry no address.
    expect(digest?.text.match(/Reply by e-mail/g)).toHaveLength(1);
  });
});

describe("a digest about several threads", () => {
  it("has no Reply-To (a reply would have to guess) but an address by each comment line", async () => {
    const mails = (await t.readOutbox()).filter((mail) => mail.to === cast.editor.user.email);
    const digest = mails.find((mail) => mail.text.includes("commented on design.png"));
    expect(digest?.text).toContain("commented on the task");
    expect(digest?.replyTo).toBeUndefined();
    const addresses = digest?.text.match(/Reply by e-mail: reply\+[a-z2-7]+@\S+/g) ?? [];
    expect(new Set(addresses).size).toBe(2);
  });
});

describe("a reply over SMTP", () => {
  it("becomes a reply in the design's thread as the recipient: quote and signature stripped, files attached", async () => {
    const designerFeedBefore = ok(
      "feed",
      await t.api(contract.messages.feed, { token: cast.designerOnTeam.token, query: { limit: 50 } }),
    ).items.length;
    const code = await send({
      from: `Olivia Owner <${cast.owner.user.email.toUpperCase()}>`,
      to: await addressOf(cast.owner, designTask),
      subject: "Re: Atelier: 1 new notification",
      text: quoted("A little darker, please.\n\n-- \nOlivia Owner\nOwner & Co"),
      attachments: [{ filename: "reference.png", content: await pngBytes({ rgb: [10, 20, 120] }) }],
    });
    expect(code).toBe(250);
    const replies = await designReplies();
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ comment: "A little darker, please.", userId: cast.owner.user.id });
    expect(replies[0]?.attachments).toMatchObject([{ name: "reference.png", contentType: "image/png" }]);
    // As a reply in the app: the designer who opened the thread hears of it.
    const designerFeed = ok(
      "feed",
      await t.api(contract.messages.feed, { token: cast.designerOnTeam.token, query: { limit: 50 } }),
    ).items;
    expect(designerFeed.length).toBe(designerFeedBefore + 1);
  });

  it("refuses at RCPT other domains, made-up, tampered and expired addresses (550), posting nothing", async () => {
    const good = await addressOf(cast.owner, designTask);
    const token = good.slice("reply+".length, good.indexOf("@"));
    const [row] = await t.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, cast.owner.user.id));
    const expired = `reply+${signReplyToken(t.config, row?.id ?? "", Date.now() - 3_600_000)}@${DOMAIN}`;
    const flipped = `${token.slice(0, 30)}${token[30] === "a" ? "b" : "a"}${token.slice(31)}`;
    const before = (await designReplies()).length;
    for (const [to, reason] of [
      [`reply+${token}@elsewhere.test`, M.noAddress],
      [`someone@${DOMAIN}`, M.noAddress],
      [`reply+abcdef@${DOMAIN}`, M.badAddress],
      [`reply+${flipped}@${DOMAIN}`, M.badAddress],
      [expired, M.expiredAddress],
    ] as const) {
      expect(await send({ from: cast.owner.user.email, to, text: "Hello" }, reason), to).toBe(550);
    }
    // The address in another case is the same address (some mail systems change it).
    expect(await send({ from: cast.owner.user.email, to: good.toUpperCase(), text: "Upper case works too" })).toBe(250);
    expect((await designReplies()).length).toBe(before + 1);
  });

  it("refuses another sender, automatic replies, empty replies, repeats and over-size messages", async () => {
    const to = await addressOf(cast.owner, designTask);
    const before = (await designReplies()).length;
    const owner = cast.owner.user.email;
    const warn = vi.spyOn(t.ctx.log, "warn");
    expect(await send({ from: cast.editor.user.email, to, text: "I am not Olivia" }, M.wrongSender)).toBe(550);
    // Every refusal is logged: through which door, why, the address's notification and the sender.
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ via: "smtp", reason: M.wrongSender, from: cast.editor.user.email }),
      "inbound reply refused",
    );
    warn.mockRestore();
    const away = { from: owner, to, text: "I am away", headers: { "Auto-Submitted": "auto-replied" } };
    expect(await send(away, M.automatic)).toBe(550);
    expect(await send({ from: owner, to, text: quoted("") }, M.empty)).toBe(550);
    expect(await send({ from: owner, to, text: "x".repeat(300 * 1024) })).toBe(552);
    const once = { from: owner, to, text: "Only once", messageId: "<repeat@owner.test>" };
    expect(await send(once)).toBe(250);
    expect(await send(once, M.duplicate)).toBe(550);
    const after = await designReplies();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.comment).toBe("Only once");
  });
});

describe("a person who has lost access", () => {
  it("is refused over SMTP, and the files their mail carried are not kept", async () => {
    const to = await addressOf(cast.viewer, designTask);
    ok(
      "remove viewer",
      await t.api(contract.projects.removeMember, {
        token: cast.admin.token,
        params: { id: project.id, userId: cast.viewer.user.id },
      }),
    );
    const before = (await designReplies()).length;
    const mail = {
      from: cast.viewer.user.email,
      to,
      text: "Can I still see this?",
      attachments: [{ filename: "mine.png", content: await pngBytes({ rgb: [1, 2, 3] }) }],
    };
    // Refused by the comment services themselves (after the files were stored): as in the app, 404.
    expect(await send(mail, "Not found")).toBe(550);
    expect((await designReplies()).length).toBe(before);
    const kept = await t.ctx.db.select({ key: files.key }).from(files).where(eq(files.ownerId, cast.viewer.user.id));
    expect(kept).toEqual([]);
  });
});

describe("the provider's webhook", () => {
  const post = (raw: string, headers: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: contract.inboundMail.receive.path,
      headers: { "content-type": "message/rfc822", ...headers },
      payload: raw,
    });
  const signed = (raw: string, timestamp = Math.floor(Date.now() / 1000)) => ({
    "x-atelier-timestamp": String(timestamp),
    "x-atelier-signature": signInboundWebhook(SECRET, timestamp, Buffer.from(raw)),
  });
  const signedParts = (raw: string) => {
    const headers = signed(raw);
    return { timestamp: headers["x-atelier-timestamp"], signature: headers["x-atelier-signature"] };
  };
  const mime = (from: string, to: string, text: string) =>
    [`From: ${from}`, `To: ${to}`, "Subject: Re: Brief", `Message-ID: <${randomUUID()}@owner.test>`, "", text, ""].join(
      "\r\n",
    );

  it("posts a signed reply to the task conversation's thread; refuses unsigned, forged, stale and replayed requests", async () => {
    const raw = mime(cast.editor.user.email, await addressOf(cast.editor, talkTask), quoted("Yes: which fonts?"));
    expect((await post(raw, {})).statusCode).toBe(401);
    expect((await post(raw, { ...signed(raw), "x-atelier-signature": "v1=00" })).statusCode).toBe(401);
    expect((await post(`${raw}tampered`, signed(raw))).statusCode).toBe(401);
    const stale = await post(raw, signed(raw, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ message: M.staleSignature });
    expect(await talkReplies()).toHaveLength(0);

    const headers = signed(raw);
    const accepted = await post(raw, headers);
    expect(accepted.statusCode).toBe(200);
    const replies = await talkReplies();
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ comment: "Yes: which fonts?", userId: cast.editor.user.id });
    expect(accepted.json()).toEqual({ accepted: true, commentId: replies[0]?.id });
    expect((await post(raw, headers)).statusCode).toBe(409);
    expect(await talkReplies()).toHaveLength(1);
  });

  it("is off (404) without its secret, before reading anything", async () => {
    const raw = mime(cast.owner.user.email, await addressOf(cast.owner, designTask), "Hello");
    const off = { ...t.ctx, config: { ...t.config, inbound: { ...t.config.inbound, webhookSecret: undefined } } };
    await expect(receiveWebhookReply(off, { rawBody: Buffer.from(raw), ...signedParts(raw) })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: M.off,
    });
  });

  it("refuses a person who has lost access to the project, and a message to no reply address", async () => {
    const to = await addressOf(cast.editor, talkTask);
    ok(
      "remove editor",
      await t.api(contract.projects.removeMember, {
        token: cast.admin.token,
        params: { id: project.id, userId: cast.editor.user.id },
      }),
    );
    const raw = mime(cast.editor.user.email, to, "Still here?");
    const refused = await post(raw, signed(raw));
    expect(refused.statusCode).toBe(404);
    const nowhere = mime(cast.editor.user.email, `team@${DOMAIN}`, "Hello");
    const lost = await post(nowhere, signed(nowhere));
    expect(lost.statusCode).toBe(422);
    expect(lost.json()).toMatchObject({ message: M.noAddress });
    expect(await talkReplies()).toHaveLength(1);
  });
});
