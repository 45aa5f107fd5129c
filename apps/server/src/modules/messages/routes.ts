import { messagesApi as api } from "@hub/contracts/messages/messages-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { MESSAGES_EMAIL_QUEUE, sendMessageEmails } from "./email";
import { listMessages, markAllRead, markRead, readPrefs, savePrefs, unreadCount } from "./messages.service";

/** Messages (issue 20): each person's inbox; the email sweep runs every minute on the workers. */
export const messagesRoutes =
  (deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, jobs } = deps;
    jobs.work(MESSAGES_EMAIL_QUEUE, () => sendMessageEmails(deps).then(() => undefined), { retryLimit: 0 });
    jobs.schedule(MESSAGES_EMAIL_QUEUE, "* * * * *");

    register(app, api.list, async (request) => listMessages(db, principalOf(request), request.query));
    register(app, api.unreadCount, async (request) => unreadCount(db, principalOf(request)));
    register(app, api.markRead, async (request) => markRead(db, principalOf(request), request.params.id));
    register(app, api.markAllRead, async (request) => markAllRead(db, principalOf(request)));
    register(app, api.preferences, async (request) => readPrefs(db, principalOf(request)));
    register(app, api.savePreferences, async (request) => savePrefs(db, principalOf(request), request.body));
  };
