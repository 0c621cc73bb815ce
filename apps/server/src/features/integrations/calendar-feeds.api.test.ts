import { type CalendarFeedKind, contract, type Project, type Task } from "@atelier/shared";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assignTask,
  type BuiltUser,
  buildProject,
  buildTask,
  buildTeamWorld,
  type Cast,
  type CastMember,
  statusesByActor,
  TABLE_ACTORS,
} from "../../../test/builders.ts";
import type { TestApp } from "../../../test/test-app.ts";

let t: TestApp;
let cast: Cast;
let project: Project;
let dated: Task;
let foreign: Task;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The end of the day `days` from today (23:59:59 UTC), as the deadline picker sets it. */
const endOfDay = (days: number) => Math.floor(Date.now() / DAY_MS) * DAY_MS + (days + 1) * DAY_MS - 1000;

async function setDeadline(task: Task, deadline: number): Promise<Task> {
  const answer = await t.api(contract.tasks.setDeadline, {
    body: { projectId: task.projectId, taskId: task.id, deadline },
    token: cast.admin.token,
  });
  return answer.body;
}

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
  dated = await setDeadline(await buildTask(t, cast.owner, { projectId: project.id, title: "Logo due" }), endOfDay(3));
  await assignTask(t, cast.admin, dated, cast.designerOnTeam);
  await buildTask(t, cast.owner, { projectId: project.id, title: "No deadline" });
  const elsewhere = await buildProject(t, { admin: cast.admin, owner: cast.otherCustomer, name: "Elsewhere" });
  foreign = await setDeadline(
    await buildTask(t, cast.otherCustomer, { projectId: elsewhere.id, title: "Stranger's poster" }),
    endOfDay(5),
  );
});
afterAll(async () => {
  await t.close();
});

async function subscribe(person: BuiltUser, kind: CalendarFeedKind): Promise<string> {
  const created = await t.api(contract.calendar.create, { params: { kind }, token: person.token });
  return created.body.url;
}

/** Fetches a feed address (with no token: the address is the permission) through the app. */
async function fetchFeed(url: string) {
  const response = await t.app.inject({ method: "GET", url: new URL(url).pathname });
  return { status: response.statusCode, type: String(response.headers["content-type"]), text: response.body };
}

/** The feed parsed back by an independent RFC 5545 parser: its events' summaries and start days. */
function parseEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe("vcalendar");
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate,
      end: event.endDate,
      url: component.getFirstPropertyValue("url"),
    };
  });
}

describe("calendar feeds: permission table", () => {
  const EVERYONE = statusesByActor(200, 200, 200, 200, 200, 200, 200, 200);
  const TEAM = statusesByActor(200, 200, 200, 200, 403, 403, 403, 403);

  it.each(TABLE_ACTORS)(
    "%s subscribes to deadlines; the schedule only as the platform team",
    async (who: CastMember) => {
      const person = cast[who];
      const deadlines = await t.api(contract.calendar.create, { params: { kind: "deadlines" }, token: person.token });
      expect(deadlines.status).toBe(EVERYONE[who]);
      const schedule = await t.api(contract.calendar.create, { params: { kind: "schedule" }, token: person.token });
      expect(schedule.status).toBe(TEAM[who]);
      const list = await t.api(contract.calendar.list, { token: person.token });
      expect(list.status).toBe(200);
      expect(list.body.available).toEqual(TEAM[who] === 200 ? ["deadlines", "schedule"] : ["deadlines"]);
      expect(list.body.items.map((feed) => feed.kind).sort()).toEqual(list.body.available);
      const revoked = await t.api(contract.calendar.revoke, { params: { kind: "deadlines" }, token: person.token });
      expect(revoked.status).toBe(EVERYONE[who]);
      expect((await fetchFeed(deadlines.body.url)).status).toBe(404);
    },
  );

  it("answers 401 without a session, 404 revoking a feed one does not have, 400 for an unknown kind", async () => {
    expect((await t.raw(contract.calendar.list, {})).status).toBe(401);
    expect((await t.raw(contract.calendar.create, { params: { kind: "deadlines" } })).status).toBe(401);
    expect((await t.raw(contract.calendar.revoke, { params: { kind: "deadlines" } })).status).toBe(401);
    const person = cast.viewer;
    expect((await t.api(contract.calendar.revoke, { params: { kind: "schedule" }, token: person.token })).status).toBe(
      404,
    );
    expect((await t.raw(contract.calendar.create, { params: { kind: "birthdays" }, token: person.token })).status).toBe(
      400,
    );
  });

  it("an unknown feed address is 404", async () => {
    expect((await t.app.inject({ method: "GET", url: "/calendar/not-a-feed.ics" })).statusCode).toBe(404);
  });
});

describe("calendar feed documents", () => {
  it("a customer's deadlines: the tasks with deadlines in their projects, as all-day events, nothing of others", async () => {
    const feed = await fetchFeed(await subscribe(cast.owner, "deadlines"));
    expect(feed.status).toBe(200);
    expect(feed.type).toContain("text/calendar");
    const events = parseEvents(feed.text);
    expect(events.map((event) => event.summary)).toEqual([`Logo due (${project.name})`]);
    const [event] = events;
    expect(event?.start.isDate).toBe(true);
    expect(event?.start.toString()).toBe(new Date(endOfDay(3)).toISOString().slice(0, 10));
    expect(event?.url).toBe(`http://localhost:3000/app/project/${project.id}/task/${dated.id}`);
  });

  it("staff see every project's deadlines", async () => {
    const events = parseEvents((await fetchFeed(await subscribe(cast.projectManager, "deadlines"))).text);
    const summaries = events.map((event) => event.summary);
    expect(summaries).toContain(`Logo due (${project.name})`);
    expect(summaries).toContain("Stranger's poster (Elsewhere)");
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
    expect(foreign.deadline).toBe(endOfDay(5));
  });

  it("a designer's schedule: their tasks over their days; staff see whose", async () => {
    const mine = parseEvents((await fetchFeed(await subscribe(cast.designerOnTeam, "schedule"))).text);
    expect(mine.map((event) => event.summary)).toEqual([`Logo due (${project.name})`]);
    const [event] = mine;
    expect(event?.end.toJSDate().getTime()).toBe(endOfDay(3));
    expect(event?.start.compare(event.end)).toBe(-1);
    const outsider = parseEvents((await fetchFeed(await subscribe(cast.designerOffTeam, "schedule"))).text);
    expect(outsider).toEqual([]);
    const staff = parseEvents((await fetchFeed(await subscribe(cast.admin, "schedule"))).text);
    expect(staff.map((entry) => entry.summary)).toEqual(["Dana Designer: Logo due"]);
  });

  it("a new address replaces the old one, which stops answering", async () => {
    const old = await subscribe(cast.editor, "deadlines");
    const fresh = await subscribe(cast.editor, "deadlines");
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(fresh)).status).toBe(200);
    const list = await t.api(contract.calendar.list, { token: cast.editor.token });
    expect(list.body.items[0]?.lastUsedAt).toBeGreaterThan(Date.now() - 60_000);
  });
});
