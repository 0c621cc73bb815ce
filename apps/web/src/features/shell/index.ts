import { lazy } from "react";

/** Loaded with the first signed-in screen, so the open screens (login, signup…) do not carry it. */
export const ShellLayout = lazy(() => import("./shell-layout.tsx").then((module) => ({ default: module.ShellLayout })));
