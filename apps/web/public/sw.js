/*
 * The Hub's service worker (issue 22): the kiosk screens keep working when the factory's network
 * drops. Hand-written and small:
 * - pages (navigations): network first; offline, the cached app shell (index.html);
 * - built assets (/assets/, hashed, never change): cache first;
 * - the API: never cached, except what a kiosk screen needs to draw itself offline (who is signed
 *   in, the station list, the QC reasons): network first, the last answer when offline.
 * Scans are not the worker's business: the screens queue them in IndexedDB.
 */
const CACHE = "hub-shell-v1";
const SHELL = "/index.html";
const OFFLINE_API = ["/api/userdata", "/api/floor/stations", "/api/floor/qcReasons"];
/** The build's files (written by the build, see vite.config.ts): all kept, so every screen loads offline. */
const ASSETS = "/sw-assets.json";

/** Keeps the shell and every built file not kept yet. */
const precache = async () => {
  const cache = await caches.open(CACHE);
  await cache.add(new Request(SHELL, { cache: "reload" }));
  const list = await fetch(ASSETS, { cache: "no-cache" });
  if (!list.ok) return;
  const files = await list.json();
  for (const file of files) {
    if (!(await cache.match(file))) await cache.add(file).catch(() => undefined);
  }
};

self.addEventListener("install", (event) => {
  event.waitUntil(
    precache()
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

// A page loaded (a new build's files may have come): keep what is not kept yet.
self.addEventListener("message", (event) => {
  if (event.data === "precache") event.waitUntil(precache().catch(() => undefined));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

const networkFirst = async (request, fallbackKey) => {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(fallbackKey ?? request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(fallbackKey ?? request);
    if (cached) return cached;
    throw error;
  }
};

const cacheFirst = async (request) => {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/dev/")) {
    event.respondWith(networkFirst(request, SHELL));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (OFFLINE_API.includes(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
});
