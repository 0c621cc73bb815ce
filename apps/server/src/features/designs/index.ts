/**
 * The designs feature's public face: other features import only from here. Designs build on tasks;
 * tasks read their designer files through `taskDesignReader`, which the composition hands them.
 */

/** Replies by e-mail (inbound-mail) answer a design's thread through the same services as the app. */
export { addChatFiles, replyToComment } from "./service/comments.ts";
export { taskDesignReader } from "./task-reader.ts";
