// npm run dev: the API server and Vite's dev server (with hot reload) side by side.
import { spawn } from "node:child_process";

const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "apps/server/src/main.ts"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "@hub/web"], { stdio: "inherit" }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children)
  c.on("exit", () => {
    stop();
    process.exitCode = 1;
  });
