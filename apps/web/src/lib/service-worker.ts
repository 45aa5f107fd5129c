/**
 * Registers the service worker (public/sw.js) in production builds only: under vite dev it would
 * serve stale modules. It lets the kiosk screens load and run offline (issue 22).
 */
export const registerServiceWorker = () => {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage("precache"))
      .catch(() => undefined);
  });
};
