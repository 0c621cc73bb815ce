import { useSignedInUser } from "../../lib/current-user.ts";
import { DataSection } from "./data-section.tsx";
import { DevicesSection } from "./devices-section.tsx";
import { PortfolioSection } from "./portfolio-section.tsx";
import { TwoFactorSection } from "./two-factor-section.tsx";

/** The settings screen's security and privacy sections (mounted below the profile form). */
export default function PrivacySettings() {
  const user = useSignedInUser();
  return (
    <>
      {user.role === "designer" ? <PortfolioSection /> : null}
      <TwoFactorSection />
      <DevicesSection />
      <DataSection />
    </>
  );
}
