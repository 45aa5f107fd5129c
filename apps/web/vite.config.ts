import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const api = process.env.HUB_API ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { "/api": api, "/dev": api } },
  build: { target: "es2022", chunkSizeWarningLimit: 800, sourcemap: false },
});
