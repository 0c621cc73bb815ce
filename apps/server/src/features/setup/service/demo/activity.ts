import { contract, type Task } from "@atelier/shared";
import type { DemoCaller } from "./caller.ts";
import { DEMO_ANNOUNCEMENT, type DemoProjectKey } from "./content.ts";
import type { Cast, SignedInPerson } from "./people.ts";
import type { MadeProject } from "./tasks.ts";

interface ActivityScene {
  api: DemoCaller;
  cast: Cast;
  projects: Record<DemoProjectKey, MadeProject>;
  tasks: Task[];
}

/**
 * What happens around the work: task conversations (which leave messages and notifications
 * unread for the people not in them), an announcement to everyone, a payment to a designer that
 * leaves part of their earnings owed, and a bank transfer the admin has yet to confirm.
 * Answers lines for the start banner.
 */
export async function playActivity(scene: ActivityScene): Promise<string[]> {
  const { api, cast, projects } = scene;
  const brandOwner = projects.brand.owner;
  const cafeOwner = projects.cafe.owner;

  await converse(scene, "Brand guidelines PDF", [
    [brandOwner, "We need the guidelines for the fair next week — is a first draft possible by Thursday?"],
    [cast.designer, "Yes: colours and logo pages are done, type and examples are next. Draft on Thursday."],
    [cast.pm, "Thanks both. Dana, ping me if the photo examples hold you up."],
  ]);
  await converse(scene, "Loyalty card", [
    [cafeOwner, "Could the free coffee stamp be a little anchor instead of a cup?"],
    [cast.designer2, "Lovely idea — I'll put both side by side so you can choose."],
  ]);
  await converse(scene, "Trade show banner", [
    [cast.editor, "Final copy for the banner is in the description; the QR code goes bottom right."],
  ]);

  await api.call(contract.platformNotifications.create, cast.admin.token, { body: { message: DEMO_ANNOUNCEMENT } });

  // Dana has been paid part of what her approved hours earned: the rest shows as owed.
  const overview = await api.call(contract.hours.designerOverview, cast.admin.token, { query: {} });
  const dana = overview.items.find((row) => row.id === cast.designer.id);
  const earned = dana?.debtMoney ?? 0;
  const paid = Math.max(100, Math.floor((earned * 0.6) / 50) * 50);
  await api.call(contract.hours.recordPayment, cast.admin.token, {
    body: { userId: cast.designer.id, amount: paid, date: Date.now(), note: "Bank transfer for last month's work" },
  });

  // A bank transfer for ten extra hours on Brand refresh, waiting for the admin to confirm it.
  await api.call(contract.billing.setRate, cast.admin.token, { body: { currency: "EUR", usdPerUnit: "1.08" } });
  await api.call(contract.billing.setRate, cast.admin.token, { body: { currency: "BTC", usdPerUnit: "95000" } });
  // An order is an invoice: the project's billing details come first (issue 29).
  await api.call(contract.projects.updateData, brandOwner.token, {
    body: {
      id: projects.brand.id,
      customerType: "COMPANY",
      customerFirstName: "Chris",
      customerLastName: "Customer",
      customerCompanyName: "Northwind Studio GmbH",
      customerAddress: "Torstraße 12",
      customerPost: "Berlin",
      customerPostCode: "10119",
      country: "DE",
    },
  });
  const order = await api.call(contract.billing.createOrder, brandOwner.token, {
    params: { id: projects.brand.id },
    body: { method: "BANK_TRANSFER", kind: "TOP_UP", hours: 10 },
  });

  return [
    `conversations on 3 tasks, an announcement, a $${paid} payment to ${cast.designer.email} ($${Math.round((earned - paid) * 100) / 100} still owed)`,
    `an open bank transfer order ${order.reference} (10 extra hours on Brand refresh) for the admin to confirm`,
  ];
}

/** A thread on the task's conversation: the first line opens it, the rest reply. */
async function converse(scene: ActivityScene, title: string, lines: Array<[SignedInPerson, string]>): Promise<void> {
  const task = scene.tasks.find((candidate) => candidate.title === title);
  if (!task) throw new Error(`no demo task "${title}"`);
  const ref = { projectId: task.projectId, taskId: task.id };
  const [first, ...replies] = lines;
  if (!first) return;
  const thread = await scene.api.call(contract.taskComments.add, first[0].token, {
    body: { ...ref, comment: first[1] },
  });
  for (const [who, comment] of replies) {
    await scene.api.call(contract.taskComments.reply, who.token, { body: { ...ref, commentId: thread.id, comment } });
  }
}
