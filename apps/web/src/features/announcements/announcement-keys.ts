/** Query keys of platform announcements: the caller's banners, and (admins) every current one. */
export const announcementKeys = {
  all: ["platformNotifications"] as const,
  adminList: ["platformNotifications", "list"] as const,
};
