import type { AddressInfo } from "node:net";
import { schema } from "@hub/db";
import { desc } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { smtpMailer } from "../src/platform/mail";
import { openTestDatabase, type TestDatabase } from "./helpers/database";

type Received = { from: string; to: string[]; data: string };

/** A local stand-in SMTP server: what the production adapter talks to, on this machine only. */
const startSmtpStandIn = async (options: { reject?: boolean } = {}) => {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (options.reject) return callback(new Error("mailbox unavailable"));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
};

describe("SMTP mail adapter", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  test("delivers over SMTP and keeps only the envelope in the outbox", async () => {
    const smtp = await startSmtpStandIn();
    try {
      const mailer = smtpMailer(database.db, smtp.url, "Hub <no-reply@hub.test>");
      await mailer.send({
        to: "clara@northwind.test",
        subject: "Your Hub confirmation code",
        text: "Your code is 123456",
      });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.from).toBe("no-reply@hub.test");
      expect(smtp.received[0]?.to).toEqual(["clara@northwind.test"]);
      expect(smtp.received[0]?.data).toContain("Subject: Your Hub confirmation code");
      expect(smtp.received[0]?.data).toContain("Your code is 123456");
      const [row] = await database.db.select().from(schema.mailOutbox).orderBy(desc(schema.mailOutbox.id)).limit(1);
      expect(row?.status).toBe("sent");
      expect(row?.text).not.toContain("123456");
    } finally {
      await smtp.close();
    }
  });

  test("a refused message is recorded as failed and the error reaches the caller", async () => {
    const smtp = await startSmtpStandIn({ reject: true });
    try {
      const mailer = smtpMailer(database.db, smtp.url, "Hub <no-reply@hub.test>");
      await expect(mailer.send({ to: "x@northwind.test", subject: "s", text: "t" })).rejects.toThrow();
      const [row] = await database.db.select().from(schema.mailOutbox).orderBy(desc(schema.mailOutbox.id)).limit(1);
      expect(row?.status).toBe("failed");
    } finally {
      await smtp.close();
    }
  });
});
