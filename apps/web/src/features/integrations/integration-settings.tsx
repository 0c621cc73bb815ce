import { canManageAllApiTokens, canManageWorkspaceWebhooks } from "@atelier/shared";
import { useSignedInUser } from "../../lib/current-user.ts";
import { ApiTokensSection } from "./api-tokens-section.tsx";
import { CalendarSection } from "./calendar-section.tsx";
import { EveryTokenSection } from "./every-token-section.tsx";
import { WebhooksSection } from "./webhooks-section.tsx";

/** The settings screen's API tokens, calendar and (admins) the workspace's webhooks sections. */
export default function IntegrationSettings() {
  const user = useSignedInUser();
  return (
    <>
      <ApiTokensSection />
      {canManageAllApiTokens(user) ? <EveryTokenSection /> : null}
      <CalendarSection />
      {canManageWorkspaceWebhooks(user) ? <WebhooksSection projectId={null} /> : null}
    </>
  );
}
