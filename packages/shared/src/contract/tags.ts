/** What each contract tag groups, for the OpenAPI document's tag list (one tag per feature). */
export const CONTRACT_TAGS: Record<string, string> = {
  auth: "Sign-in, sign-up, password reset, first-admin setup and invitation links",
  billing: "Plans, payment orders, card payments through Stripe and its webhook",
  designs: "Designers' files on a task, their versions and comments with pins",
  files: "Uploads and stored files (capability links)",
  hours: "Hours worked, the work log and designers' earnings",
  messages: "The staff messages feed and its unread count",
  "platform-notifications": "Notices from the platform to its users",
  portfolio: "Designers' portfolio shots from the portfolio service",
  privacy: "Personal data export, account deletion requests and sessions",
  profile: "The signed-in user's own profile",
  projects: "Projects, their teams, invitations and notes",
  realtime: "The realtime stream of notifications and changes",
  "task comments": "Comments on a task",
  tasks: "Tasks of a project: status, estimates, deadlines, order and history",
  twoFactor: "Two-factor sign-in",
  users: "User management by staff",
};
