import { lazy } from "react";

export { announcementKeys } from "./announcement-keys.ts";

// Lazy: the shell is in every first load; banners and the admin form can come a moment later.
export const AnnouncementBanners = lazy(() => import("./announcement-banners.tsx"));
export const AnnouncementForm = lazy(() => import("./announcement-form.tsx"));
