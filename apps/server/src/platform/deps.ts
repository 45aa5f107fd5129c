import type { HubDb } from "@hub/db";
import type { IdentityProvider } from "../modules/identity/provider";
import type { BillingAdapter } from "./billing/adapter";
import type { HubConfig } from "./config";
import type { FilesAdapter } from "./files/adapter";
import type { Jobs } from "./jobs";
import type { Mailer } from "./mail";
import type { NotifyListener } from "./notify";

/** What an area's routes are built from. */
export type ModuleDeps = {
  db: HubDb;
  /**
   * For reads that may lag a moment (the dashboards, the report jobs): the read replica when
   * DATABASE_REPLICA_URL is set, else `db`. A read that must see a write just made uses `db`.
   */
  readDb: HubDb;
  config: HubConfig;
  mailer: Mailer;
  identity: IdentityProvider;
  billing: BillingAdapter;
  files: FilesAdapter;
  /** The process's LISTEN/NOTIFY listener (platform/notify.ts): live floor changes. */
  notify: NotifyListener;
  /** Background jobs (platform/jobs.ts): register workers while building, send from services. */
  jobs: Jobs;
};
