import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { ROLE_NAMES, ZNewPasswordSchema } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { identityProviderFor } from "./modules/identity/provider-for";
import { loadConfig } from "./platform/config";
import { openHubDatabase } from "./platform/database";
import { outboxMailer } from "./platform/mail";

const usage = `Usage: npm run hub -- create-admin --username NAME --email EMAIL --first-name FIRST --last-name LAST [--temporary-password PASSWORD]
       npm run hub -- web
       npm run hub -- worker

create-admin  Creates an internal admin (icreate, superadmin role). The admin signs in with the
              temporary password and must then choose a new one. Without --temporary-password one
              is generated and printed once.
web           Runs a web instance (HUB_ROLE=web): the app and the API; it queues background jobs
              and runs none. Start as many as you like behind a load balancer.
worker        Runs a worker (HUB_ROLE=worker): the background jobs and schedules (reports, webhook
              deliveries, emails, rollups); it answers only /api/health on PORT.
Both need DATABASE_URL (one PostgreSQL for all of them); README "Several instances".`;

const generatePassword = () => {
  return `Hub-${randomBytes(9).toString("base64url")}1a!`;
};

const main = async () => {
  const [command, ...rest] = process.argv.slice(2);
  if (command === "web" || command === "worker") {
    // The server itself, as this kind of process (platform/config.ts reads HUB_ROLE).
    process.env.HUB_ROLE = command;
    await import("./main");
    return;
  }
  if (command !== "create-admin") {
    console.log(usage);
    process.exit(command ? 1 : 0);
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: "string" },
      email: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      "temporary-password": { type: "string" },
    },
  });
  const { username, email } = values;
  const firstName = values["first-name"];
  const lastName = values["last-name"];
  if (!username || !email || !firstName || !lastName) {
    console.error(usage);
    process.exit(1);
  }
  const temporaryPassword = values["temporary-password"] ?? generatePassword();
  const policy = ZNewPasswordSchema.safeParse(temporaryPassword);
  if (!policy.success) {
    console.error(policy.error.issues[0]?.message ?? "The password does not meet the policy.");
    process.exit(1);
  }
  const config = loadConfig();
  const database = await openHubDatabase(config);
  const { db } = database;
  try {
    // The configured pool: a Cognito installation's first admin is made in Cognito.
    const pool = identityProviderFor(config, db, outboxMailer(db));
    await pool.adminCreateUser({ username, email, firstName, lastName, temporaryPassword });
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(schema.users)
        .values({
          userName: username,
          email: email.toLowerCase(),
          firstName,
          lastName,
          typeId: 1,
          isInternalAdmin: true,
        })
        .returning();
      const [role] = await tx.select().from(schema.roles).where(eq(schema.roles.roleName, ROLE_NAMES.superadmin));
      if (user && role) await tx.insert(schema.userRoles).values({ userId: user.userId, roleId: role.id });
    });
    console.log(`Created internal admin "${username}".`);
    if (!values["temporary-password"]) console.log(`Temporary password (shown once): ${temporaryPassword}`);
    console.log("Sign in with it at /auth/login; the Hub will ask for a new password.");
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
};

void main();
