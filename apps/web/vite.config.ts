import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const api = process.env.HUB_API ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
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
