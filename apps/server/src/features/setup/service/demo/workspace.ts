import { contract, type Task } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../../core/context.ts";
import { startDemoPayAsYouGo } from "../../../billing/index.ts";
import { playActivity } from "./activity.ts";
import { createDemoCaller, type DemoCaller } from "./caller.ts";
import { BRAND_CUSTOM_ORDER, DEMO_PROJECTS, DEMO_TASKS, type DemoProject, type DemoProjectKey } from "./content.ts";
import type { DemoPerson } from "./people.ts";
import { type Cast, giveAvatars, signOutCast } from "./people.ts";
import { type MadeProject, playTask } from "./tasks.ts";

const DAY_S = 86_400;
const QUIETER = new Set(["trace", "debug", "info"]);

export interface DemoWorkspaceSummary {
  /** lines for the start banner: what was made */
  made: string[];
  /** the customers signed up for their projects, who sign in with the demo password too */
  extraLogins: string[];
}

/**
 * Fills the demo workspace through the app's own calls (see caller.ts): the projects with their
 * teams, plans and notes, the tasks in every status, designs and their review, conversation,
 * hours, payments and an announcement. Runs once, right after the demo accounts are written.
 */
export async function buildDemoWorkspace(
  ctx: AppContext,
  app: FastifyInstance,
  input: { cast: Cast; people: ReadonlyArray<DemoPerson>; passwordPreHash: string },
): Promise<DemoWorkspaceSummary> {
  // Some 180 calls are made before the server takes requests: their request lines would bury
  // the start banner, so only warnings and errors are logged while the workspace is built.
  const loggers = [ctx.log, app.log];
  const levels = loggers.map((logger) => logger.level);
  for (const logger of loggers) if (QUIETER.has(logger.level)) logger.level = "warn";
  try {
    return await fillWorkspace(ctx, app, input);
  } finally {
    loggers.forEach((logger, index) => {
      logger.level = levels[index] ?? logger.level;
    });
  }
}

async function fillWorkspace(
  ctx: AppContext,
  app: FastifyInstance,
  input: { cast: Cast; people: ReadonlyArray<DemoPerson>; passwordPreHash: string },
): Promise<DemoWorkspaceSummary> {
  const api = createDemoCaller(app);
  const { cast } = input;
  await giveAvatars(api, cast, input.people);

  const projects = {} as Record<DemoProjectKey, MadeProject>;
  const extraLogins: string[] = [];
  for (const spec of DEMO_PROJECTS) {
    projects[spec.key] = await createProject(api, cast, spec, input.passwordPreHash);
    if ("newCustomer" in spec.owner) extraLogins.push(spec.owner.newCustomer.email);
  }

  // The plans: a monthly plan set by the admin on Brand refresh, pay-as-you-go on the café.
  const periodEnd = Math.floor(Date.now() / 1000) + 18 * DAY_S;
  await api.call(contract.billing.manualSetup, cast.admin.token, {
    params: { id: projects.brand.id },
    body: { paymentPlan: "PRO_MONTHLY", paymentPlanCurrentPeriodEnd: periodEnd },
  });
  await startDemoPayAsYouGo(ctx, cast.admin, projects.cafe.id);

  const tasks: Task[] = [];
  for (const spec of DEMO_TASKS) tasks.push(await playTask({ api, cast, projects }, spec));
  await orderBrandTasks(api, projects.brand, tasks);

  const activity = await playActivity({ api, cast, projects, tasks });

  // Lumen Labs' launch is done: the project manager archives it.
  await api.call(contract.projects.changeState, cast.pm.token, { body: { id: projects.lumen.id, state: "archived" } });

  for (const project of Object.values(projects)) {
    if (!Object.values(cast).some((person) => person.id === project.owner.id)) {
      await api.call(contract.auth.logout, project.owner.token, {});
    }
  }
  await signOutCast(api, cast);

  const count = (status: Task["status"]) => tasks.filter((task) => task.status === status).length;
  return {
    made: [
      `${DEMO_PROJECTS.length} projects (monthly plan, pay-as-you-go, archived), ${tasks.length} tasks: ` +
        `${count("todo")} to do, ${count("inProgress")} in progress, ${count("review")} in review, ` +
        `${count("approved")} approved (${tasks.filter((task) => task.taskArchived).length} archived)`,
      ...activity,
    ],
    extraLogins,
  };
}

/**
 * The project manager creates each project (signing new customers up with the demo password),
 * writes the client notes and puts the designers on the team; the owner invites the editor and
 * viewer. The new customer signs in like anyone else, for the steps they take later.
 */
async function createProject(api: DemoCaller, cast: Cast, spec: DemoProject, passwordPreHash: string) {
  const body =
    "login" in spec.owner
      ? { name: spec.name, isExistingCustomer: true, customerEmail: cast[spec.owner.login].email }
      : {
          name: spec.name,
          isExistingCustomer: false,
          customerEmail: spec.owner.newCustomer.email,
          customerFirstName: spec.owner.newCustomer.name,
          customerLastName: spec.owner.newCustomer.surname,
          customerCompanyName: spec.owner.newCustomer.company,
          customerPassword: passwordPreHash,
        };
  const project = await api.call(contract.projects.create, cast.pm.token, { body });
  const owner = "login" in spec.owner ? cast[spec.owner.login] : await signInNewCustomer(api, spec, passwordPreHash);
  await api.call(contract.projects.updateClientCharacterNotes, cast.pm.token, {
    body: { projectId: project.id, clientCharacterNotes: spec.notes },
  });
  // On the team, the project manager hears of its comments and deliveries (the Messages feed).
  await api.call(contract.projects.invite, cast.admin.token, {
    body: { projectId: project.id, email: cast.pm.email, role: "projectManager" },
  });
  for (const designer of spec.designers) {
    await api.call(contract.projects.invite, cast.pm.token, {
      body: { projectId: project.id, email: cast[designer].email, role: "designer" },
    });
  }
  for (const member of spec.members ?? []) {
    await api.call(contract.projects.invite, owner.token, {
      body: { projectId: project.id, email: cast[member.login].email, role: member.role },
    });
  }
  return { id: project.id, name: project.name, owner };
}

async function signInNewCustomer(api: DemoCaller, spec: DemoProject, passwordPreHash: string) {
  if (!("newCustomer" in spec.owner)) throw new Error("not a new customer");
  const answer = await api.call(contract.auth.login, "", {
    body: { email: spec.owner.newCustomer.email, password: passwordPreHash },
  });
  if (!("token" in answer)) throw new Error(`${spec.owner.newCustomer.email} was asked for a second factor`);
  return { id: answer.user.id, role: answer.user.role, email: answer.user.email, token: answer.token };
}

/** The owner sorts Brand refresh by hand: the few tasks that matter most on top. */
async function orderBrandTasks(api: DemoCaller, brand: MadeProject, tasks: Task[]): Promise<void> {
  await api.call(contract.tasks.updateUserTaskOrder, brand.owner.token, { query: { sortType: "custom" } });
  let afterTaskId: string | null = null;
  for (const title of BRAND_CUSTOM_ORDER) {
    const task = tasks.find((candidate) => candidate.projectId === brand.id && candidate.title === title);
    if (!task) continue;
    await api.call(contract.tasks.reorder, brand.owner.token, {
      params: { id: brand.id },
      body: { tasks: [{ taskId: task.id, afterTaskId }] },
    });
    afterTaskId = task.id;
  }
}
