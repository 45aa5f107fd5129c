import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const api = process.env.HUB_API ?? "http://localhost:3000";

/**
 * Writes sw-assets.json, the built files (every screen's chunks), for the service worker
 * (public/sw.js) to keep, so a kiosk screen not yet opened still loads offline (issue 22).
 */
const serviceWorkerAssets = (): Plugin => ({
  name: "hub-sw-assets",
  apply: "build",
  generateBundle(_options, bundle) {
    const files = Object.keys(bundle)
      .filter((f) => f.startsWith("assets/"))
      .map((f) => `/${f}`);
    this.emitFile({ type: "asset", fileName: "sw-assets.json", source: JSON.stringify(files) });
  },
});

export default defineConfig({
  plugins: [react(), serviceWorkerAssets()],
  server: { port: 5173, proxy: { "/api": api, "/dev": api } },
  build: {
    target: "es2022",
    chunkSizeWarningLimit: 800,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every page needs React and MUI's styling core first. One chunk for them compresses
          // better than the many small shared chunks lazy routes would otherwise split them into.
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|@emotion[\\/][^\\/]+|stylis|hoist-non-react-statics|react-is|clsx|prop-types)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
