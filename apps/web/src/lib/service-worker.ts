/**
 * Registers the service worker (public/sw.js) in production builds only (under vite dev it would
 * serve stale modules), from the kiosk layout and the cutters' ticket screen (/cutters, /queuedToCut,
 * scanned at the cutting table): a browser that opens one keeps the app's files and runs offline
 * (issue 22); one that never does (an office desk) downloads nothing extra.
 */
export const registerServiceWorker = () => {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage("precache"))
      .catch(() => undefined);
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
};
