import { z } from "zod";
import { TASK_STATUSES } from "../permissions/tasks.ts";
import { PAYMENT_PLANS } from "../plans.ts";
import { idSchema, pageQuery, textSchema, timeQuerySchema, timeSchema } from "./common.ts";

/** Hours and money (SPEC §3 Work log item and period, DESIGN §3). Money leaves the server in dollars. */

export const PAYMENT_MAX = 1_000_000;
export const PAYMENT_NOTE_MAX = 500;
/** The schedule answers at most this many days at once (a month view with its leading and trailing week days). */
export const SCHEDULE_DAYS_MAX = 42;
/** How many months the ledger's chart goes back, the current one included. */
export const LEDGER_MONTHS = 6;
/** Overview and schedule pages (a contract decision; SPEC names no page size). */
export const DESIGNER_PAGE_SIZE = 50;

export const workLogQuerySchema = z.object({
  /** staff only: whose log; a designer reads their own */
  designerId: idSchema.optional(),
});

/** SPEC §3 Work-log period: one UTC calendar month of a designer's logged hours. */
export const workLogPeriodSchema = z.object({
  fromTs: z.number(),
  /** the next month's first instant (exclusive) */
  toTs: z.number(),
  /** hours */
  amount: z.number(),
  /** project name → hours */
  perProject: z.record(z.string(), z.number()),
});
export type WorkLogPeriod = z.infer<typeof workLogPeriodSchema>;

export const workLogSchema = z.object({ items: z.array(workLogPeriodSchema) });
export type WorkLog = z.infer<typeof workLogSchema>;

const dollars = z
  .number({ message: "Amount must be a number" })
  .positive({ message: "Amount must be more than zero" })
  .max(PAYMENT_MAX, { message: `Amount must be at most ${PAYMENT_MAX}` })
  .multipleOf(0.01, { message: "Amount has at most two decimals" });

export const recordPaymentSchema = z.object({
  userId: idSchema,
  /** dollars */
  amount: dollars,
  /** epoch ms of the day paid */
  date: timeSchema({ message: "Date must be a time" }),
  note: textSchema()
    .trim()
    .max(PAYMENT_NOTE_MAX, { message: `Note must be at most ${PAYMENT_NOTE_MAX} characters` })
    .default(""),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

export const designerPaymentSchema = z.object({
  id: idSchema,
  userId: idSchema,
  /** dollars */
  amount: z.number(),
  date: z.number(),
  note: z.string(),
  createdAt: z.number(),
});
export type DesignerPayment = z.infer<typeof designerPaymentSchema>;

export const paymentResultSchema = z.object({
  payment: designerPaymentSchema,
  /** the payee's new debtMoney, dollars */
  debtMoney: z.number(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

export const designerPageQuery = z.object({ ...pageQuery(DESIGNER_PAGE_SIZE) });

/** One row of GET /v3/project/designer/overview. */
export const designerOverviewSchema = z.object({
  id: idSchema,
  name: z.string(),
  surname: z.string(),
  avatarKey: z.string().nullable(),
  /** tasks not approved and not archived */
  openTasks: z.number(),
  /** estimated hours of those open tasks */
  openEstimatedHours: z.number(),
  /** hours logged in the current UTC month */
  hoursThisMonth: z.number(),
  dailyAvailability: z.number(),
  /** working days of the current month × daily availability */
  capacityHours: z.number(),
  /** dollars per hour */
  hourRate: z.number(),
  /** dollars the platform owes */
  debtMoney: z.number(),
});
export type DesignerOverview = z.infer<typeof designerOverviewSchema>;

export const scheduleQuerySchema = z
  .object({
    from: timeQuerySchema(),
    to: timeQuerySchema(),
    designerId: idSchema.optional(),
    ...pageQuery(DESIGNER_PAGE_SIZE),
  })
  .superRefine((query, ctx) => {
    if (query.to <= query.from) ctx.addIssue({ code: "custom", path: ["to"], message: "Must be after from" });
    else if (query.to - query.from > SCHEDULE_DAYS_MAX * 86_400_000) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `At most ${SCHEDULE_DAYS_MAX} days at once` });
    }
  });

export const scheduleTaskSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  projectName: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  createdAt: z.number(),
  /** 0 for none: then the task is in progress and placed from `startedAt` */
  deadline: z.number(),
  /** hours; 0 before work starts */
  estimatedWork: z.number(),
  /** when work started, epoch ms; null while to do */
  startedAt: z.number().nullable(),
  /** hours to completion set when work started */
  estimatedTimeOfCompletion: z.number().int().nullable(),
});
export type ScheduleTask = z.infer<typeof scheduleTaskSchema>;

export const scheduleRowSchema = z.object({
  id: idSchema,
  name: z.string(),
  surname: z.string(),
  avatarKey: z.string().nullable(),
  dailyAvailability: z.number(),
  tasks: z.array(scheduleTaskSchema),
});
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;

/** The project's hour allowance this UTC month (DESIGN §3), for owner, editor and staff only. */
export const hoursLedgerSchema = z.object({
  projectId: idSchema,
  paymentPlan: z.enum(PAYMENT_PLANS),
  planName: z.string(),
  fromTs: z.number(),
  toTs: z.number(),
  /** plan hours plus this period's top-ups; null without an allowance (no plan, pay-as-you-go) */
  allowanceHours: z.number().nullable(),
  approvedHours: z.number(),
  /** estimates of started tasks not yet logged */
  inProgressHours: z.number(),
  /** allowance − approved; null without an allowance */
  remainingHours: z.number().nullable(),
  /** pay-as-you-go: approved hours × the hourly price, in cents */
  payAsYouGo: z.object({ centsPerHour: z.number(), accruedCents: z.number() }).nullable(),
  /** oldest first, the current month last */
  months: z.array(z.object({ fromTs: z.number(), hours: z.number() })),
});
export type HoursLedger = z.infer<typeof hoursLedgerSchema>;
