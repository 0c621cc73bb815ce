/** The notifications feature's public face: other features import only from here. */

export { noteStreamOpen, noteStreamsClosed } from "./service/presence.ts";
export { removeTaskNotifications } from "./service/removal.ts";
export { type EventNotifications, loadEventNotifications } from "./service/stream.ts";
