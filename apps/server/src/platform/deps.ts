import type { HubDb } from "@hub/db";
import type { IdentityProvider } from "../modules/identity/provider";
import type { HubConfig } from "./config";
import type { Mailer } from "./mail";

/** What an area's routes are built from. */
export type ModuleDeps = { db: HubDb; config: HubConfig; mailer: Mailer; identity: IdentityProvider };
