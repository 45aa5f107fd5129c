import { devApi as api } from "@hub/contracts/system/api";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { desc } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { register } from "../../platform/operations";

const escapeHtml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** A page the server writes itself, never cached (it shows codes that change with each email). */
const sendHtml = (reply: FastifyReply, html: string): FastifyReply =>
  reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);

/** The demo mailbox's handlers (`devApi`): every email the Hub sent, newest first, in full. */
export const devRoutes =
  (db: HubDb): FastifyPluginAsyncZod =>
  async (app) => {
    const latest = () =>
      db
        .select({
          id: schema.mailOutbox.id,
          to: schema.mailOutbox.to,
          subject: schema.mailOutbox.subject,
          text: schema.mailOutbox.text,
          createdAt: schema.mailOutbox.createdAt,
        })
        .from(schema.mailOutbox)
        .orderBy(desc(schema.mailOutbox.id))
        .limit(200);

    register(app, api.mailboxJson, async () => ({ items: await latest() }));

    register(app, api.mailbox, async (_request, reply) => {
      const mails = await latest();
      const rows = mails
        .map(
          (m) => `<article class="mail" data-to="${escapeHtml(m.to)}">
  <header><strong class="subject">${escapeHtml(m.subject)}</strong><span>to <span class="to">${escapeHtml(m.to)}</span></span><time datetime="${m.createdAt.toISOString()}">${m.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC</time></header>
  <pre class="body">${escapeHtml(m.text)}</pre>
</article>`,
        )
        .join("\n");
      return sendHtml(
        reply,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox · Hub</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1c252e}main{max-width:860px;margin:0 auto;padding:24px}
h1{font-size:22px}p.note{color:#637381}.mail{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08);margin:16px 0;padding:16px 20px}
.mail header{display:flex;gap:16px;flex-wrap:wrap;align-items:baseline}.mail time{color:#637381;margin-left:auto;font-size:13px}
pre{white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace;margin:12px 0 0}</style></head>
<body><main><h1>Demo mailbox</h1><p class="note">Every email the Hub has sent in demo mode, newest first. Only callers on the Hub's own machine and signed-in internal admins can read it. In production mail goes out over SMTP and this page does not exist.</p>
${rows || '<p class="empty">No emails yet.</p>'}</main></body></html>`,
      );
    });
  };
