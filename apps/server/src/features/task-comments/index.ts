/** The task-comments feature's public face: replies by e-mail (inbound-mail) answer a thread here. */
export { replyToTaskComment } from "./service/comments.ts";
