import { contract, PLATFORM_NOTIFICATION_MAX_LENGTH, type StreamMessage } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildTeamWorld, type Cast } from "../../../test/builders.ts";
import { listenOn, openSse } from "../../../test/sse-client.ts";
import type { TestApp } from "../../../test/test-app.ts";

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  ({ t, cast } = await buildTeamWorld());
});
afterAll(() => t.close());

const c = contract.platformNotifications;
const publish = (person: BuiltUser, message: string) => t.api(c.create, { token: person.token, body: { message } });
const idsFor = async (person: BuiltUser) =>
  (await t.api(c.init, { token: person.token })).body.items.map((item) => item.id);

describe("platform notifications", () => {
  it("admins publish; everyone sees each announcement until they dismiss it", async () => {
    const first = await publish(cast.admin, "  Maintenance on Sunday at 02:00 UTC.  ");
    expect(first.status).toBe(200);
    expect(first.body.message).toBe("Maintenance on Sunday at 02:00 UTC.");
    const second = await publish(cast.admin, "New: designs can be compared side by side.");

    for (const person of [cast.owner, cast.designerOffTeam, cast.projectManager, cast.admin]) {
      const ids = await idsFor(person);
      // Newest first.
      expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
      expect(ids.indexOf(first.body.id)).toBeGreaterThanOrEqual(0);
    }

    const dismissed = await t.api(c.dismiss, { token: cast.owner.token, params: { id: first.body.id } });
    expect(dismissed.body).toEqual({ success: true });
    expect(await idsFor(cast.owner)).not.toContain(first.body.id);
    expect(await idsFor(cast.owner)).toContain(second.body.id);
    // Per person: the others still see it; dismissing twice is fine.
    expect(await idsFor(cast.editor)).toContain(first.body.id);
    expect((await t.api(c.dismiss, { token: cast.owner.token, params: { id: first.body.id } })).status).toBe(200);
  });

  it("refuses publishing to anyone but admins, and bad input", async () => {
    for (const person of [cast.projectManager, cast.designerOnTeam, cast.owner]) {
      expect((await publish(person, "Not mine to say")).status).toBe(403);
    }
    expect((await t.raw(c.create, { body: { message: "Hello" } })).status).toBe(401);
    expect((await t.raw(c.init, {})).status).toBe(401);
    for (const message of ["", "   ", "x".repeat(PLATFORM_NOTIFICATION_MAX_LENGTH + 1)]) {
      expect((await t.raw(c.create, { token: cast.admin.token, body: { message } })).status).toBe(400);
    }
    expect((await t.raw(c.create, { token: cast.admin.token, body: {} })).status).toBe(400);
  });

  it("dismissing an unknown or malformed id is refused", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await t.api(c.dismiss, { token: cast.owner.token, params: { id: unknown } })).status).toBe(404);
    expect((await t.raw(c.dismiss, { token: cast.owner.token, params: { id: "nope" } })).status).toBe(400);
  });

  it("an admin withdraws an announcement for everybody, dismissed or not; others may not", async () => {
    const kept = await publish(cast.admin, "Stays up");
    const withdrawn = await publish(cast.admin, "Published by mistake");
    await t.api(c.dismiss, { token: cast.editor.token, params: { id: withdrawn.body.id } });
    const adminList = async () => (await t.api(c.list, { token: cast.admin.token })).body.items.map((item) => item.id);
    // The admin's list has every current one, also those the admin or others dismissed.
    await t.api(c.dismiss, { token: cast.admin.token, params: { id: kept.body.id } });
    expect(await adminList()).toEqual(expect.arrayContaining([kept.body.id, withdrawn.body.id]));

    for (const person of [cast.projectManager, cast.designerOnTeam, cast.owner]) {
      expect((await t.api(c.withdraw, { token: person.token, params: { id: withdrawn.body.id } })).status).toBe(403);
      expect((await t.api(c.list, { token: person.token })).status).toBe(403);
    }
    expect((await t.raw(c.withdraw, { params: { id: withdrawn.body.id } })).status).toBe(401);
    expect(await idsFor(cast.owner)).toContain(withdrawn.body.id);

    const answer = await t.api(c.withdraw, { token: cast.admin.token, params: { id: withdrawn.body.id } });
    expect(answer.body).toEqual({ success: true });
    for (const person of [cast.owner, cast.editor, cast.designerOffTeam, cast.admin]) {
      expect(await idsFor(person)).not.toContain(withdrawn.body.id);
    }
    expect(await adminList()).not.toContain(withdrawn.body.id);
    expect(await adminList()).toContain(kept.body.id);
    expect(await idsFor(cast.owner)).toContain(kept.body.id);

    // Gone is gone: withdrawing or dismissing it again finds nothing.
    expect((await t.api(c.withdraw, { token: cast.admin.token, params: { id: withdrawn.body.id } })).status).toBe(404);
    expect((await t.api(c.dismiss, { token: cast.owner.token, params: { id: withdrawn.body.id } })).status).toBe(404);
    expect((await t.raw(c.withdraw, { token: cast.admin.token, params: { id: "nope" } })).status).toBe(400);
  });

  it("a withdrawn announcement's banner leaves every open stream", async () => {
    const base = await listenOn(t);
    const person = cast.viewer;
    const published = await publish(cast.admin, "Soon withdrawn");
    const init = await t.api(contract.realtime.init, { token: person.token, params: { id: person.user.id } });
    const stream = await openSse(
      `${base}/chat/channel/${person.user.id}/stream?token=${encodeURIComponent(init.body.token)}`,
    );
    await t.api(c.withdraw, { token: cast.admin.token, params: { id: published.body.id } });
    const [message] = await stream.next(1);
    expect(message?.data).toMatchObject({
      kind: "change",
      type: "platformNotification.withdrawn",
      projectId: null,
      subject: { type: "platformNotification", id: published.body.id },
      payload: { id: published.body.id },
    });
    await stream.close();
  });

  it("a published announcement reaches every open stream", async () => {
    const base = await listenOn(t);
    const person = cast.otherCustomer;
    const init = await t.api(contract.realtime.init, { token: person.token, params: { id: person.user.id } });
    const stream = await openSse(
      `${base}/chat/channel/${person.user.id}/stream?token=${encodeURIComponent(init.body.token)}`,
    );
    const published = await publish(cast.admin, "Live announcement");
    const [message] = await stream.next(1);
    const data = message?.data as StreamMessage;
    expect(data).toMatchObject({
      kind: "change",
      type: "platformNotification.published",
      projectId: null,
      payload: published.body,
    });
    await stream.close();
  });
});
