/**
 * The setup feature's public face: the start-up step that readies an empty database (the first
 * admin's key, or the demo). Presenter-less, and without routes, repo or module: it runs before the
 * server listens and builds through other features' services and the API (decision 038).
 */
export {
  DEMO_USERS,
  DEMO_WORKSPACE_USERS,
  preHash,
  prepareEmptyDatabase,
  type StartupNotice,
} from "./service/prepare.ts";
