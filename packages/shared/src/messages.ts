import { EMAIL_CHANGE_LINK_INVALID, INVITE_INVALID, RESET_LINK_INVALID, SETUP_INVALID } from "./link-messages.ts";

/** A wait for people: "40 seconds" under a minute, else whole minutes rounded up, hours past two. */
export function formatWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (whole < 60) return count(whole, "second");
  const minutes = Math.ceil(whole / 60);
  return minutes <= 120 ? count(minutes, "minute") : count(Math.ceil(minutes / 60), "hour");
}

/** User-facing texts of SPEC §8, kept to the letter (including their spelling). */
export const MESSAGES = {
  invalidLogin: "Wrong e-mail or password",
  notAuthenticated: "Please log in",
  forbidden: "You are not allowed to do this",
  notFound: "Not found",
  tooManyRequests: "Too many requests, try again later",
  /** the same text with the wait Retry-After gives appended, so people know how long (issue 29) */
  tooManyRequestsFor: (seconds: number) => `Too many requests, try again later (in ${formatWait(seconds)})`,
  internal: "Something went wrong on our side",
  /** an outside service (file storage) did not answer; SPEC §8's payment texts cover Stripe */
  storageUnavailable: "File storage is not available right now. Try again later!",
  emailTaken: "A user with this e-mail already exists",
  wrongCurrentPassword: "Current password is wrong",
  /** a new password among the 100,000 most common ones (the server knows it by its SHA-256) */
  passwordTooCommon: "This password is one of the most common ones and easy to guess. Choose another",
  resetLinkInvalid: RESET_LINK_INVALID,
  inviteInvalid: INVITE_INVALID,
  setupInvalid: SETUP_INVALID,
  cannotRemoveSelf: "You cannot remove yourself",
  passwordOnlyByOwner: "A password can only be changed by its owner, in their settings",
  emailChangeLinkInvalid: EMAIL_CHANGE_LINK_INVALID,
  ownEmailInSettings: "Change your own e-mail in your settings",
  currentPasswordForEmail: "Enter your current password to change your e-mail",
  emailChangeSent: (email: string) =>
    `We sent a confirmation link to ${email}. The e-mail changes once it is opened; until then the current one stays.`,
  avatarNotImage: "Avatar must be an image you uploaded as an avatar",
  fileRequired: "Choose a file to upload",
  fileTooLarge: (limit: string) => `File is too large (at most ${limit})`,
  avatarTypeRefused: "Avatar must be a PNG, JPEG, WebP or GIF image",
  textHasNul: "Text cannot contain the NUL character",
  textTooLong: (max: number) => `Text must be at most ${max} characters`,
  timeOutOfRange: "Must be a time between 1970 and 9999",
  badUpload: "The upload was cut short or is not a file upload; try again",
  /** 412: an archived project is closed for new work until it is restored (issue 29) */
  projectArchivedNoTasks: "This project is archived, so no tasks can be added to it. Restore the project first.",

  unableToAssignDesigner: "Unable to Assign Designer!",
  unableToUpdateTaskStatus: "Unable to update task status!",
  unableToGetMessagesToken: "Unable to get messages token!",
  unableToGetMessages: "Unable to get messages from Firebase!",
  unableToLoadWorkLog: "Unabled to load work log!",
  unableToAccessUserInfo: "Unable to access user info",
  unableToLogout: "Unable to logout",
  unableToEditNotes: "Unable to edit client character notes in this project. Try again later!",
  failedToPing: (product: string) => `Failed to ping ${product}`,
  noDesignerFiles: "No designer files on task",
  unableToUpdateProjectSettings: "Unable to update project settings!",
  unableToUpdatePlan: "Unable to update plan!",
  unableToAddUserToProject: "Unable to add user to project. Try again later!",
  unableToCreateProject: "Unable to create project!",
  unableToDeleteIdentity: "Unable delete your identity",
  unableToUploadAvatar: "Unable to upload user avatar!",
  unableToUpdateUser: "Enable to update user information",
  unableToCreateStripeCustomer: "Unable to create Stripe Customer. Try again later!",
  unableToGetClientToken: "Unable to get client token. Try again later!",
  unableToCreateSubscription: "Unable to create an subscription!",
  failedToCompletePayment: "Failed to complete payment. Please try again.",
  failedToCancelSubscription: "Failed to cancel subscription. Please contact your project manager.",
  unableToAddDesign: "Unable to add design!",
  unableToDeleteTask: "Unable to delete task. Try again later!",
  unableToDeleteUser: "Unable to delete user. Try again later!",

  notesUpdated: "Notes sucessfully updated!",
  projectUpdated: "Project sucessfully updated!",
  projectPlanUpdated: "Project plan sucessfully updated!",
  userInvited: (email: string) => `User ${email} was successfully invited`,
  flexiblePlanSaved: 'Your "Flexible plan" subscription successfully saved!',
  subscriptionCanceled: "Your subscription successfully canceled!",
  taskRemoved: "Task successfully removed",
  userRemovedFromProject: "User successfully removed from project",
} as const;
