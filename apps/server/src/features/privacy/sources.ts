import type { PersonalDataSource } from "../../core/personal-data.ts";
import { authPersonalData } from "../auth/index.ts";
import { billingPersonalData } from "../billing/index.ts";
import { designsPersonalData } from "../designs/index.ts";
import { filesPersonalData } from "../files/index.ts";
import { hoursPersonalData } from "../hours/index.ts";
import { integrationsPersonalData } from "../integrations/index.ts";
import { notificationsPersonalData } from "../notifications/index.ts";
import { portfolioPersonalData } from "../portfolio/index.ts";
import { projectsPersonalData } from "../projects/index.ts";
import { taskCommentsPersonalData } from "../task-comments/index.ts";
import { tasksPersonalData } from "../tasks/index.ts";
import { twoFactorPersonalData } from "../two-factor/index.ts";
import { usersPersonalData } from "../users/index.ts";
import { accountTracesPersonalData } from "./personal-data.ts";

/**
 * Everything Atelier stores about people, one source per feature. A feature that stores
 * something about a person (comments, designs, work log) adds its source here;
 * the export and the removal then cover it, and the privacy tests check it.
 * `users` stays last: it blanks the e-mail other sources still look records up by.
 */
export const PERSONAL_DATA_SOURCES: readonly PersonalDataSource[] = [
  projectsPersonalData,
  tasksPersonalData,
  billingPersonalData,
  hoursPersonalData,
  filesPersonalData,
  designsPersonalData,
  taskCommentsPersonalData,
  notificationsPersonalData,
  twoFactorPersonalData,
  integrationsPersonalData,
  portfolioPersonalData,
  authPersonalData,
  accountTracesPersonalData,
  usersPersonalData,
];
