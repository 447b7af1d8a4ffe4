import { defineConfig } from "vitest/config";

/** One run for every unit and integration suite; the browser tests run after, with Playwright. */
export default defineConfig({
  test: {
    projects: ["packages/shared", "apps/server", "apps/web"],
  },
});
