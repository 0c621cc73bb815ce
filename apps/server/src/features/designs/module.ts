import type { FeatureModule } from "../../core/feature-module.ts";
import { definePdfPreviewJob } from "./pdf-preview-job.ts";
import { designsPersonalData } from "./personal-data.ts";
import { registerDesignRoutes } from "./routes.ts";
import { defineReviewReminderJob } from "./service/rounds-reminders.ts";
import { defineZipJob } from "./zip-job.ts";

/** The designs feature as the composition root sees it (core/feature-module.ts). */
export const designsModule: FeatureModule = {
  name: "designs",
  routes: registerDesignRoutes,
  jobs: (ctx) => {
    defineZipJob(ctx, ctx.jobs);
    defineReviewReminderJob(ctx);
    definePdfPreviewJob(ctx, ctx.jobs);
  },
  personalData: [designsPersonalData],
};
