import type { Role } from "@atelier/shared";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Storage } from "../storage/storage.ts";

/** What services need from the outside world, passed explicitly (no globals). */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  log: Logger;
}

/** The signed-in user acting on a call. */
export interface Actor {
  id: string;
  role: Role;
  email: string;
  name: string;
  surname: string;
  sessionId: string;
}
