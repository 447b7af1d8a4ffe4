import { readdirSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));
const backend = process.env.ATENDO_BACKEND ?? "http://localhost:8080";

/** Files of public/ are Vite's to serve (favicon, logos). */
const publicFiles = new Set(readdirSync(new URL("./public", import.meta.url)).map((name) => `/${name}`));

/** Paths Vite itself answers in development: its client, modules, dependencies and files. */
const VITE_PREFIXES = ["/@", "/src/", "/node_modules/", "/__vite", "/.vite/"];

/**
 * The same rule the production server applies: a browser navigation (GET or HEAD
 * asking for text/html) gets the single-page app, everything else reaches the API.
 * Returning the URL hands the request back to Vite; returning undefined proxies it.
 */
function servedByVite(req: IncomingMessage): string | undefined {
  const url = req.url ?? "/";
  const path = url.split("?")[0] ?? "/";
  if (VITE_PREFIXES.some((prefix) => path.startsWith(prefix))) return url;
  if (publicFiles.has(path) || path === "/index.html") return url;
  const isRead = req.method === "GET" || req.method === "HEAD";
  if (isRead && (req.headers.accept ?? "").includes("text/html")) return url;
  return undefined;
}

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // dist/.vite/manifest.json: which chunks each page needs (bench/bundle.bench.ts reads it).
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/socket.io": { target: backend, ws: true, changeOrigin: true },
      "^/.*": { target: backend, changeOrigin: true, bypass: (req) => servedByVite(req) },
    },
  },
  preview: { port: 4173 },
});
