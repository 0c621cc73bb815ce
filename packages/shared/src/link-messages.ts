/**
 * Texts of SPEC §8 that the reset, invite and setup screens draw, in a module of their own
 * (MESSAGES holds them too): a bundle keeps a module whole, and those open screens' first load
 * has no room for all of MESSAGES (1 KB gzip) for one text.
 */
export const RESET_LINK_INVALID = "This reset link is invalid or has expired";
export const INVITE_INVALID = "This invite is invalid or has expired";
export const SETUP_INVALID = "This setup link is invalid or has already been used";
export const EMAIL_CHANGE_LINK_INVALID = "This e-mail confirmation link is invalid or has expired";
