import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One call the stand-in saw: method, path, the form body, whether it carried the secret key, its Idempotency-Key. */
export type StripeCall = {
  method: string;
  path: string;
  form: Record<string, string>;
  authorized: boolean;
  idempotencyKey: string | null;
};

/**
 * A held request: `arrived` resolves when one comes; its answer waits until `release()`. With
 * `process: "first"` the stand-in does the work (a charge is made) before holding the answer, as
 * when the provider charged and the caller never heard back; with `"never"` the request is held and
 * then dropped unprocessed, as when the caller died before the provider got it.
 */
export type Hold = { arrived: Promise<void>; release: () => void };

export type StripeStandIn = {
  url: string;
  calls: StripeCall[];
  /** Payment intents made (one per charge that really happened), by id: the amount left to refund. */
  intents: Map<string, number>;
  /** Balance transactions (charges and refunds that moved money), newest last; tests may add their own. */
  balance: StripeBalanceTransaction[];
  /** Holds the next request to `path` (see Hold). */
  hold: (path: string, process: "first" | "never") => Hold;
  close: () => Promise<void>;
};

/** The fields of Stripe's balance transaction the Hub reads. */
export type StripeBalanceTransaction = {
  id: string;
  object: "balance_transaction";
  amount: number;
  fee: number;
  net: number;
  currency: string;
  created: number;
  type: string;
  source: string | null;
  description: string | null;
  status: string;
};

type Answer = { status: number; body: string };

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

/**
 * A local stand-in for the subset of Stripe's API the billing adapter uses, form-encoded like
 * Stripe: customers (create, update, sources), payment methods (attach, detach), payment intents,
 * refunds and billing-portal sessions. A payment method whose id contains "declined" is attached
 * fine but every charge on it answers 402 card_error, like Stripe's test card. Like Stripe, a POST
 * repeated with an Idempotency-Key it has seen gets the first answer again, and does nothing new.
 */
export const startStripeStandIn = async (secretKey: string): Promise<StripeStandIn> => {
  const calls: StripeCall[] = [];
  let seq = 0;
  const id = (prefix: string) => `${prefix}_standin${++seq}`;
  const customers = new Map<string, { id: string; sources: Set<string>; methods: Set<string> }>();
  const intents = new Map<string, number>();
  const balance: StripeBalanceTransaction[] = [];
  const moved = (type: string, amount: number, source: string, description: string | null) => {
    const fee = type === "charge" ? Math.round(amount * 0.029) + 30 : 0;
    balance.push({
      id: id("txn"),
      object: "balance_transaction",
      amount,
      fee,
      net: amount - fee,
      currency: "usd",
      created: Math.floor(Date.now() / 1000),
      type,
      source,
      description,
      status: "available",
    });
  };

  const send = (_res: ServerResponse, status: number, body: unknown): Answer => ({
    status,
    body: JSON.stringify(body),
  });
  const write = (res: ServerResponse, answer: Answer) => {
    if (res.destroyed) return;
    res.writeHead(answer.status, { "content-type": "application/json", "request-id": id("req") });
    res.end(answer.body);
  };
  const answered = new Map<string, Answer>();
  const holds = new Map<string, { process: "first" | "never"; arrive: () => void; released: Promise<void> }>();
  const invalid = (res: ServerResponse, message: string, status = 400) =>
    send(res, status, {
      error: { type: "invalid_request_error", message, ...(status === 404 ? { code: "resource_missing" } : {}) },
    });

  const server = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const rawKey = req.headers["idempotency-key"];
    const key = req.method === "POST" && typeof rawKey === "string" ? rawKey : null;
    const earlier = key ? answered.get(key) : undefined;
    const path = new URL(req.url ?? "/", "http://stand-in").pathname;
    const hold = holds.get(path);
    if (hold) holds.delete(path);
    if (earlier) {
      record(req, form);
      return write(res, earlier);
    }
    if (hold?.process === "never") {
      record(req, form);
      hold.arrive();
      await hold.released;
      return res.destroy();
    }
    const answer = handle(req, res, form);
    if (key) answered.set(key, answer);
    if (hold) {
      hold.arrive();
      await hold.released;
    }
    write(res, answer);
  });

  const record = (req: IncomingMessage, form: Record<string, string>) => {
    const idempotencyKey = req.headers["idempotency-key"];
    calls.push({
      method: req.method ?? "",
      path: new URL(req.url ?? "/", "http://stand-in").pathname,
      form,
      authorized: req.headers.authorization === `Bearer ${secretKey}`,
      idempotencyKey: typeof idempotencyKey === "string" ? idempotencyKey : null,
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse, form: Record<string, string>): Answer => {
    record(req, form);
    const url = new URL(req.url ?? "/", "http://stand-in");
    const authorized = req.headers.authorization === `Bearer ${secretKey}`;
    const path = url.pathname;
    if (!authorized)
      return send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    const parts = path.split("/").filter(Boolean);

    if (req.method === "POST" && path === "/v1/customers") {
      const customer = { id: id("cus"), sources: new Set<string>(), methods: new Set<string>() };
      customers.set(customer.id, customer);
      return send(res, 200, { id: customer.id, object: "customer", name: form.name ?? null, metadata: {} });
    }
    if (parts[0] === "v1" && parts[1] === "customers" && parts[2]) {
      const customer = customers.get(parts[2]);
      if (!customer) return invalid(res, `No such customer: '${parts[2]}'`, 404);
      if (req.method === "POST" && parts.length === 3)
        return send(res, 200, { id: customer.id, object: "customer", metadata: {} });
      if (req.method === "POST" && parts[3] === "sources" && parts.length === 4) {
        if (!form.source?.startsWith("btok_")) return invalid(res, "Invalid bank account token");
        const sid = id("ba");
        customer.sources.add(sid);
        return send(res, 200, {
          id: sid,
          object: "bank_account",
          last4: "6789",
          bank_name: "STAND-IN BANK",
          customer: customer.id,
        });
      }
      if (req.method === "DELETE" && parts[3] === "sources" && parts[4]) {
        if (!customer.sources.delete(parts[4])) return invalid(res, "No such source", 404);
        return send(res, 200, { id: parts[4], object: "bank_account", deleted: true });
      }
    }
    if (
      req.method === "POST" &&
      parts[1] === "payment_methods" &&
      parts[2] &&
      (parts[3] === "attach" || parts[3] === "detach")
    ) {
      const pm = parts[2];
      if (!pm.startsWith("pm_")) return invalid(res, `No such PaymentMethod: '${pm}'`, 404);
      if (parts[3] === "attach") {
        const customer = customers.get(form.customer ?? "");
        if (!customer) return invalid(res, "No such customer");
        customer.methods.add(pm);
        return send(res, 200, {
          id: pm,
          object: "payment_method",
          type: "card",
          customer: customer.id,
          card: { brand: "visa", last4: pm.includes("declined") ? "0002" : "4242" },
        });
      }
      for (const c of customers.values()) c.methods.delete(pm);
      return send(res, 200, { id: pm, object: "payment_method", type: "card", customer: null });
    }
    if (req.method === "POST" && path === "/v1/payment_intents") {
      const amount = Number(form.amount);
      const piId = id("pi");
      if (form.confirm !== "true" || form.off_session !== "true" || !customers.has(form.customer ?? ""))
        return invalid(res, "Expected a confirmed off-session intent for a known customer");
      if ((form.payment_method ?? "").includes("declined")) {
        return send(res, 402, {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "generic_decline",
            message: "Your card was declined.",
            payment_intent: { id: piId, object: "payment_intent", status: "requires_payment_method" },
          },
        });
      }
      intents.set(piId, amount);
      moved("charge", amount, piId, form["metadata[orderId]"] ?? null);
      return send(res, 200, {
        id: piId,
        object: "payment_intent",
        amount,
        currency: form.currency,
        status: "succeeded",
        customer: form.customer,
        payment_method: form.payment_method,
      });
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      const charged = intents.get(form.payment_intent ?? "");
      const amount = Number(form.amount);
      if (charged === undefined) return invalid(res, "No such payment_intent");
      if (amount > charged) return invalid(res, "Refund amount is greater than unrefunded amount");
      intents.set(form.payment_intent ?? "", charged - amount);
      const refundId = id("re");
      moved("refund", -amount, refundId, null);
      return send(res, 200, {
        id: refundId,
        object: "refund",
        amount,
        status: "succeeded",
        payment_intent: form.payment_intent,
      });
    }
    if (req.method === "GET" && path === "/v1/balance_transactions") {
      // Newest first, like Stripe; created[gte|lte], type, limit and starting_after (cursor paging).
      const q = new URL(req.url ?? "/", "http://stand-in").searchParams;
      const gte = Number(q.get("created[gte]") ?? Number.NEGATIVE_INFINITY);
      const lte = Number(q.get("created[lte]") ?? Number.POSITIVE_INFINITY);
      const type = q.get("type");
      const limit = Math.min(Number(q.get("limit") ?? 10), 100);
      let rows = [...balance]
        .reverse()
        .filter((b) => b.created >= gte && b.created <= lte && (!type || b.type === type));
      const after = q.get("starting_after");
      if (after) rows = rows.slice(rows.findIndex((b) => b.id === after) + 1);
      return send(res, 200, {
        object: "list",
        url: "/v1/balance_transactions",
        data: rows.slice(0, limit),
        has_more: rows.length > limit,
      });
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!customers.has(form.customer ?? "")) return invalid(res, "No such customer");
      const sid = id("bps");
      return send(res, 200, {
        id: sid,
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url,
        url: `https://billing.stand-in.test/p/session/${sid}`,
      });
    }
    return invalid(res, `Unrecognized request URL (${req.method}: ${path})`, 404);
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    intents,
    balance,
    hold: (path, process) => {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((done) => {
        arrive = done;
      });
      const released = new Promise<void>((done) => {
        release = done;
      });
      holds.set(path, { process, arrive, released });
      return { arrived, release };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
