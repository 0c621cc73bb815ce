/** Query keys of platform announcements (the banners). */
export const announcementKeys = {
  all: ["platformNotifications"] as const,
};
