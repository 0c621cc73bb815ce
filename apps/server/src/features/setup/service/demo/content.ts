import type { TaskPriority } from "@atelier/shared";
import type { CastKey } from "./people.ts";

/**
 * What the demo workspace holds: a small agency in motion. Days are counted from today, so the
 * deadlines always read "overdue", "this week" or "next week" whatever day the demo starts.
 */

export type DemoProjectKey = "brand" | "cafe" | "lumen";

export interface DemoProject {
  key: DemoProjectKey;
  name: string;
  /** the customer who owns it: a demo login, or a new customer the project manager signs up */
  owner: { login: CastKey } | { newCustomer: { email: string; name: string; surname: string; company: string } };
  notes: string;
  designers: Array<"designer" | "designer2">;
  /** editor and viewer logins added by the owner */
  members?: Array<{ login: CastKey; role: "editor" | "viewer" }>;
}

export const DEMO_PROJECTS: DemoProject[] = [
  {
    key: "brand",
    name: "Brand refresh",
    owner: { login: "customer" },
    notes: [
      "Prefers short weekly updates on Fridays; likes bold colour and clean type.",
      "Decisions go through Erin (marketing lead) — copy her on anything public-facing.",
      "Keep the old navy; the orange accent is new and still being tested.",
    ].join("\n"),
    designers: ["designer", "designer2"],
    members: [
      { login: "editor", role: "editor" },
      { login: "viewer", role: "viewer" },
    ],
  },
  {
    key: "cafe",
    name: "Harbour Café menus & signage",
    owner: {
      newCustomer: { email: "marta@harbour-cafe.test", name: "Marta", surname: "Silva", company: "Harbour Café" },
    },
    notes: [
      "Family-run café by the marina; everything must print well on recycled paper.",
      "Marta answers fastest by phone in the mornings before 10.",
      "Pay-as-you-go: check the estimate with her before starting anything over 8 hours.",
    ].join("\n"),
    designers: ["designer2", "designer"],
  },
  {
    key: "lumen",
    name: "Lumen Labs launch",
    owner: { newCustomer: { email: "leo@lumenlabs.test", name: "Leo", surname: "Park", company: "Lumen Labs" } },
    notes: [
      "Launch shipped; project kept for reference and for the press kit files.",
      "Leo liked the second landing page direction best — reuse it for the next round.",
    ].join("\n"),
    designers: ["designer", "designer2"],
  },
];

export type DemoTaskStatus = "todo" | "inProgress" | "review" | "approved";

export interface DemoTask {
  project: DemoProjectKey;
  title: string;
  description: string;
  priority: TaskPriority;
  /** days from today (negative: overdue); null: no deadline */
  deadlineInDays: number | null;
  createdBy: CastKey | "owner";
  status: DemoTaskStatus;
  designer?: "designer" | "designer2";
  /** estimated time of completion and estimated work, hours */
  estimates?: [number, number];
  /** who approves (owner by default) */
  approvedBy?: CastKey;
  art?: { layout: "logo" | "poster" | "screen" | "pattern"; palette: [string, string, string] };
  isArchived?: boolean;
  /** the task that shows the whole review loop: pins, area comments, changes, a second version */
  isReviewStory?: boolean;
}

const NAVY: [string, string, string] = ["#1d3557", "#e76f51", "#f1faee"];
const SAND: [string, string, string] = ["#f4e9d8", "#2a9d8f", "#264653"];
const MINT: [string, string, string] = ["#e9f5db", "#6a994e", "#1b4332"];
const PLUM: [string, string, string] = ["#2d1e2f", "#f2a541", "#f7f3e3"];

export const DEMO_TASKS: DemoTask[] = [
  // Brand refresh: a monthly plan with hours already used, an editor and a viewer, a custom order.
  {
    project: "brand",
    title: "Primary logo",
    description: "A refreshed wordmark and symbol; keep the navy, try the new orange as accent.",
    priority: "high",
    deadlineInDays: -6,
    createdBy: "owner",
    status: "approved",
    designer: "designer",
    estimates: [24, 12],
    art: { layout: "logo", palette: NAVY },
  },
  {
    project: "brand",
    title: "Business cards",
    description: "Two-sided, 85 × 55 mm, with the new logo and a QR code to the site.",
    priority: "medium",
    deadlineInDays: -3,
    createdBy: "editor",
    status: "approved",
    designer: "designer",
    estimates: [12, 6],
    approvedBy: "editor",
    art: { layout: "poster", palette: NAVY },
  },
  {
    project: "brand",
    title: "Letterhead and e-mail signature",
    description: "A4 letterhead and an HTML signature that survives Outlook.",
    priority: "low",
    deadlineInDays: -1,
    createdBy: "pm",
    status: "approved",
    designer: "designer2",
    estimates: [8, 4],
    art: { layout: "screen", palette: SAND },
  },
  {
    project: "brand",
    title: "Homepage hero illustration",
    description: "The hero for the new homepage: people working together, in the brand colours.",
    priority: "urgent",
    deadlineInDays: 1,
    createdBy: "owner",
    status: "review",
    designer: "designer",
    estimates: [16, 10],
    art: { layout: "poster", palette: PLUM },
    isReviewStory: true,
  },
  {
    project: "brand",
    title: "Social media templates",
    description: "Post and story templates for Instagram and LinkedIn, editable in Canva.",
    priority: "medium",
    deadlineInDays: 3,
    createdBy: "editor",
    status: "review",
    designer: "designer2",
    estimates: [12, 8],
    art: { layout: "pattern", palette: NAVY },
  },
  {
    project: "brand",
    title: "Brand guidelines PDF",
    description: "Logo use, colours, type scale and do/don't examples, about 20 pages.",
    priority: "high",
    deadlineInDays: -2,
    createdBy: "owner",
    status: "inProgress",
    designer: "designer",
    estimates: [40, 16],
  },
  {
    project: "brand",
    title: "Icon set (24 icons)",
    description: "Line icons at 24 px for the website and the app, matching the new logo's corners.",
    priority: "medium",
    deadlineInDays: 4,
    createdBy: "pm",
    status: "inProgress",
    designer: "designer2",
    estimates: [36, 14],
  },
  {
    project: "brand",
    title: "Newsletter header",
    description: "A header for the monthly newsletter, 600 px wide, light and dark variants.",
    priority: "low",
    deadlineInDays: 2,
    createdBy: "viewer",
    status: "inProgress",
    designer: "designer2",
    estimates: [8, 3],
  },
  {
    project: "brand",
    title: "Trade show banner",
    description: "Roll-up banner 85 × 200 cm for the Lisbon design fair.",
    priority: "urgent",
    deadlineInDays: 2,
    createdBy: "owner",
    status: "todo",
    designer: "designer",
  },
  {
    project: "brand",
    title: "Favicon and app icon",
    description: "From the new symbol: favicon, Apple touch icon and Android adaptive icon.",
    priority: "high",
    deadlineInDays: -1,
    createdBy: "editor",
    status: "todo",
  },
  {
    project: "brand",
    title: "Pitch deck template",
    description: "A 16:9 Keynote and PowerPoint template with ten master slides.",
    priority: "medium",
    deadlineInDays: 9,
    createdBy: "owner",
    status: "todo",
    designer: "designer2",
  },
  {
    project: "brand",
    title: "Packaging concept",
    description: "Early ideas for the gift box; no rush, mood boards are fine.",
    priority: "low",
    deadlineInDays: null,
    createdBy: "viewer",
    status: "todo",
  },
  {
    project: "brand",
    title: "Mascot exploration",
    description: "Parked: the team decided against a mascot for now.",
    priority: "low",
    deadlineInDays: null,
    createdBy: "owner",
    status: "todo",
    isArchived: true,
  },
  {
    project: "brand",
    title: "Holiday card",
    description: "Last season's card, kept for next year's reference.",
    priority: "medium",
    deadlineInDays: -20,
    createdBy: "owner",
    status: "approved",
    designer: "designer",
    estimates: [8, 3],
    art: { layout: "pattern", palette: MINT },
    isArchived: true,
  },
  // Harbour Café: pay-as-you-go, a second customer, work on both designers' desks.
  {
    project: "cafe",
    title: "Menu redesign",
    description: "Breakfast and lunch menus, A3 folded, with the new seasonal dishes.",
    priority: "high",
    deadlineInDays: -4,
    createdBy: "owner",
    status: "approved",
    designer: "designer2",
    estimates: [20, 10],
    art: { layout: "screen", palette: MINT },
  },
  {
    project: "cafe",
    title: "Window signage",
    description: "Vinyl lettering for the two front windows: opening hours and the logo.",
    priority: "medium",
    deadlineInDays: 0,
    createdBy: "owner",
    status: "review",
    designer: "designer",
    estimates: [10, 6],
    art: { layout: "logo", palette: SAND },
  },
  {
    project: "cafe",
    title: "Loyalty card",
    description: "Stamp card, ten coffees, one free; business-card size.",
    priority: "medium",
    deadlineInDays: -1,
    createdBy: "pm",
    status: "inProgress",
    designer: "designer2",
    estimates: [8, 5],
  },
  {
    project: "cafe",
    title: "Instagram launch posts",
    description: "Six posts for the terrace reopening, photos supplied by Marta.",
    priority: "medium",
    deadlineInDays: 5,
    createdBy: "owner",
    status: "inProgress",
    designer: "designer",
    estimates: [12, 6],
  },
  {
    project: "cafe",
    title: "Coffee cup sleeve",
    description: "Kraft sleeve, one colour print, with the harbour line drawing.",
    priority: "high",
    deadlineInDays: 6,
    createdBy: "owner",
    status: "todo",
    designer: "designer",
  },
  {
    project: "cafe",
    title: "Chalkboard lettering guide",
    description: "A simple guide so staff can write the daily specials in the house style.",
    priority: "low",
    deadlineInDays: 12,
    createdBy: "pm",
    status: "todo",
  },
  {
    project: "cafe",
    title: "Staff apron embroidery",
    description: "Logo placement for the aprons; the supplier needs a DST file later.",
    priority: "medium",
    deadlineInDays: null,
    createdBy: "owner",
    status: "todo",
  },
  // Lumen Labs: finished and archived.
  {
    project: "lumen",
    title: "App store screenshots",
    description: "Five screenshots per store with captions.",
    priority: "high",
    deadlineInDays: -15,
    createdBy: "owner",
    status: "approved",
    designer: "designer",
    estimates: [16, 8],
    art: { layout: "screen", palette: PLUM },
  },
  {
    project: "lumen",
    title: "Launch landing page",
    description: "Single page with the waitlist form, desktop and mobile.",
    priority: "urgent",
    deadlineInDays: -12,
    createdBy: "owner",
    status: "approved",
    designer: "designer2",
    estimates: [30, 12],
    art: { layout: "screen", palette: MINT },
  },
  {
    project: "lumen",
    title: "Press kit",
    description: "Logo files, product shots and a one-page fact sheet.",
    priority: "medium",
    deadlineInDays: -10,
    createdBy: "pm",
    status: "approved",
    designer: "designer",
    estimates: [10, 5],
    art: { layout: "poster", palette: PLUM },
  },
  {
    project: "lumen",
    title: "Investor one-pager",
    description: "Dropped when the round closed early.",
    priority: "low",
    deadlineInDays: null,
    createdBy: "owner",
    status: "todo",
    isArchived: true,
  },
];

/** The custom order the owner gives Brand refresh's active tasks, first to last. */
export const BRAND_CUSTOM_ORDER = [
  "Trade show banner",
  "Homepage hero illustration",
  "Brand guidelines PDF",
  "Favicon and app icon",
  "Social media templates",
];

export const DEMO_ANNOUNCEMENT =
  "New: compare design versions side by side. Open any design with two versions and pick Compare.";

/** A calendar day `days` from today as a deadline: 23:59:59 UTC of that day (SPEC §5). */
export function deadlineInDays(days: number, now = new Date()): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 23, 59, 59);
}
