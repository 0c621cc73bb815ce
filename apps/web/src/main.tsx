// First: every later module's schemas are created under these settings.
import "./app/zod-settings.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { startFirstScreenReads } from "./app/first-screen-reads.ts";
import { Providers } from "./app/providers.tsx";
import { AppRouter } from "./app/router.tsx";

const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");

startFirstScreenReads();
createRoot(container).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
