/**
 * The server's module graph has no cycle between folders (`npm run check:cycles`, a step of
 * `npm test`). A cycle between two feature folders means neither can change, be tested or be
 * understood without the other: a module owns its data, and modules are composed from above
 * (ingestion calls contacts, tickets and messages), never sideways.
 *
 * - Every folder of apps/server/src is a node (modules/<feature>, automation, channels, realtime,
 *   jobs, integrations, http, db, media, mail): a cycle through infrastructure ties features
 *   together as surely as a direct one.
 * - The composition roots are left out of the graph: they exist to import every feature
 *   (main.ts, context.ts's AppContext, http/app.ts, modules/index.ts, jobs/registry.ts, and
 *   demo/seed.ts, which writes the demo company of every feature). Nothing else may import them
 *   except for types of AppContext and App, which carry no behaviour.
 * - Type-only imports count too. The swc parser (TypeScript 7 has no compiler API for
 *   dependency-cruiser's tsc parser) does not tell them apart, and a type shared both ways is a
 *   cycle all the same: the consumer declares the port it needs and the provider satisfies it.
 */
const COMPOSITION_ROOTS = [
  "^apps/server/src/main\\.ts$",
  "^apps/server/src/context\\.ts$",
  "^apps/server/src/http/app\\.ts$",
  "^apps/server/src/modules/index\\.ts$",
  "^apps/server/src/jobs/registry\\.ts$",
  "^apps/server/src/demo/seed\\.ts$",
];

module.exports = {
  forbidden: [
    {
      name: "no-folder-cycles",
      severity: "error",
      comment: "A folder of the server imports, directly or through others, a folder that imports it back.",
      from: { path: "^apps/server/src/" },
      to: { circular: true },
      scope: "folder",
    },
  ],
  options: {
    parser: "swc",
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["\\.test\\.ts$", ...COMPOSITION_ROOTS] },
    tsConfig: { fileName: "apps/server/tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js"] },
  },
};
