import { expect } from "vitest";

/**
 * Reads /openOrders' server-sent events (`floor-change`, `ready`) from a listening server with fetch
 * (inject cannot stream): what arrived so far, and a wait for one that matches (null after `ms`).
 */
export const openFloorStream = async (base: string, token: string) => {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/floor/open-orders/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const reader = res.body?.getReader();
  if (!reader) throw new Error("no body");
  const events: { event: string; data: string }[] = [];
  let buffer = "";
  const waiters: (() => void)[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf("\n\n");
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ?? "" });
          for (const w of waiters.splice(0)) w();
          cut = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // aborted
    }
  })();
  const waitFor = async (pred: (e: { event: string; data: string }) => boolean, ms = 20_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = events.find(pred);
      if (found) return found;
      if (Date.now() > deadline) return null;
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  return { events, waitFor, close: () => controller.abort() };
};
