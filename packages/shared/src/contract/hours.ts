import { idParams, pageOf } from "../schemas/common.ts";
import {
  designerOverviewSchema,
  designerPageQuery,
  designerPaymentSchema,
  hoursLedgerSchema,
  paymentResultSchema,
  recordPaymentSchema,
  scheduleQuerySchema,
  scheduleRowSchema,
  workLogQuerySchema,
  workLogSchema,
} from "../schemas/hours.ts";
import { endpoint } from "./endpoint.ts";

const tag = "hours";

/**
 * Hours and money (SPEC §7, DESIGN §3). Approval logs hours (no call of its own); these read the
 * log, the designers' load and what they are owed, and record payments.
 */
export const hoursContract = {
  // Contract decisions: SPEC shows `{items}` of `{fromTs, amount}`; each item is a SPEC §3
  // work-log period (amount in hours, with toTs and perProject for the header tooltip), newest
  // first, one per UTC month from the designer's first logged month to the current one (months
  // without hours included, so the web can show them disabled). Staff may ask for a designer.
  workLogMonthly: endpoint({
    method: "GET",
    path: "/v3/designer-work-log/monthly",
    summary: "A designer's logged hours per UTC month, with hours per project",
    tag,
    auth: true,
    query: workLogQuerySchema,
    response: workLogSchema,
  }),
  // Contract decision: SPEC shows no payload; staff only, designers newest first, keyset pages.
  designerOverview: endpoint({
    method: "GET",
    path: "/v3/project/designer/overview",
    summary: "Per designer: open tasks, hours this month, capacity and what the platform owes",
    tag,
    auth: true,
    query: designerPageQuery,
    response: pageOf(designerOverviewSchema),
  }),
  // Contract decisions: SPEC names the path only. Admin only; the payee must be a designer or
  // projectManager (a customer or admin is 400 on userId, an unknown user 404). Answers the payment
  // and the payee's new debtMoney.
  recordPayment: endpoint({
    method: "POST",
    path: "/user/payment",
    summary: "Record a payment to a designer (amount in dollars, date, note)",
    tag,
    auth: true,
    body: recordPaymentSchema,
    response: paymentResultSchema,
  }),
  // Contract decision: a call SPEC does not name, for the payment dialog's history: staff and the
  // payee, newest payment date first.
  listPayments: endpoint({
    method: "GET",
    path: "/user/:id/payments",
    summary: "Payments recorded to a user, newest first",
    tag,
    auth: true,
    params: idParams,
    query: designerPageQuery,
    response: pageOf(designerPaymentSchema),
  }),
  // Contract decisions: SPEC names the /schedule screen but no call. Rows are designers (a
  // designer gets only their own row; staff every designer, or one with designerId) with their
  // open tasks (to do, in progress) whose deadline falls on or after `from` and that were created
  // before `to`; the web lays the hours out with the shared `layoutSchedule`.
  schedule: endpoint({
    method: "GET",
    path: "/v3/schedule",
    summary: "Designers' open tasks with deadlines in a range, for the schedule",
    tag,
    auth: true,
    query: scheduleQuerySchema,
    response: pageOf(scheduleRowSchema),
  }),
  // Contract decision: a call SPEC does not name. Owner, editor and staff (403 for viewers and
  // designers, 404 when the project is not visible).
  ledger: endpoint({
    method: "GET",
    path: "/v3/project/:id/hours-ledger",
    summary: "The project's hour allowance this month: approved, in progress, remaining, last months",
    tag,
    auth: true,
    params: idParams,
    response: hoursLedgerSchema,
  }),
};
