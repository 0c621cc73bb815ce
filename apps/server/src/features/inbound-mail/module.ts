import type { FeatureModule } from "../../core/feature-module.ts";
import { registerInboundMailRoutes } from "./routes.ts";

/**
 * Replies by e-mail (issue 25, part 4; decision 056) as the composition root sees it: the
 * provider's webhook and the SMTP listener. It stores nothing of its own about people: a reply
 * becomes a comment of the designs or task-comments feature, which export and erase it.
 */
export const inboundMailModule: FeatureModule = {
  name: "inbound-mail",
  routes: registerInboundMailRoutes,
};
