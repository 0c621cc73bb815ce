import { canManageAllApiTokens } from "@atelier/shared";
import { useSignedInUser } from "../../lib/current-user.ts";
import { ApiTokensSection } from "./api-tokens-section.tsx";
import { CalendarSection } from "./calendar-section.tsx";
import { EveryTokenSection } from "./every-token-section.tsx";

/** The settings screen's API tokens and calendar sections. */
export default function IntegrationSettings() {
  const user = useSignedInUser();
  return (
    <>
      <ApiTokensSection />
      {canManageAllApiTokens(user) ? <EveryTokenSection /> : null}
      <CalendarSection />
    </>
  );
}
