// `npm run dev`: the API (tsx watch) on PORT+1 and Vite with hot reload on PORT, proxying /api to it.
import { spawn } from "node:child_process";

const port = Number(process.env.PORT ?? 5000);
const env = { ...process.env, APP_URL: process.env.APP_URL ?? `http://localhost:${port}` };
const children = [
  spawn("npx", ["--yes", "tsx", "watch", "src/server/main.ts"], {
    stdio: "inherit",
    env: { ...env, PORT: String(port + 1), HOST: "127.0.0.1" },
  }),
  spawn("npx", ["--yes", "vite"], { stdio: "inherit", env: { ...env, PORT: String(port) } }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
children.forEach((child) =>
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
