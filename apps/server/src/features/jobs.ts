import type { AppContext } from "../core/context.ts";
import { definePasswordResetJob } from "./auth/index.ts";
import { defineBillingJobs } from "./billing/index.ts";
import { defineZipJob } from "./designs/index.ts";
import { defineDigestJob } from "./notifications/index.ts";
import { defineExportJob } from "./privacy/index.ts";

/**
 * The features' background jobs, defined once the context exists (their handlers use it).
 * Adding a feature's job is one line here; its queue goes in core/jobs/catalog.ts.
 */
export function defineFeatureJobs(ctx: AppContext): void {
  definePasswordResetJob(ctx, ctx.jobs);
  defineExportJob(ctx, ctx.jobs);
  defineZipJob(ctx, ctx.jobs);
  defineDigestJob(ctx, ctx.jobs);
  defineBillingJobs(ctx, ctx.jobs);
}
