import { isIP } from "node:net";
import type { TLoginAuditRequest } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";

/** Stores a login audit record with the address the server saw the request come from. */
export const recordLoginAudit = async (db: HubDb, input: TLoginAuditRequest, remoteAddress: string) => {
  const [row] = await db
    .insert(schema.loginAudits)
    .values({
      loginDate: new Date(input.loginDate),
      userName: input.userName,
      application: input.application,
      ipAddress: input.ipAddress,
      remoteAddress: isIP(remoteAddress) ? remoteAddress : null,
    })
    .returning();
  if (!row) throw new Error("login audit insert failed");
  return {
    id: row.id,
    loginDate: row.loginDate.toISOString(),
    userName: row.userName,
    application: row.application,
    ipAddress: row.ipAddress,
  };
};
