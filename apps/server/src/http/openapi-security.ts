import type { FastifyInstance, onRequestHookHandler } from "fastify";

/**
 * Every route whose onRequest hooks include one of `sessionHooks` (the access
 * token check behind auth.user, auth.admin and auth.super) declares the bearer
 * scheme in the OpenAPI document, so no route has to repeat it. Added before
 * the routes: onRoute sees only the routes registered after it.
 */
export function declareBearerSecurity(app: FastifyInstance, sessionHooks: readonly onRequestHookHandler[]): void {
  app.addHook("onRoute", (route) => {
    const hooks: unknown[] = [route.onRequest ?? []].flat();
    if (!hooks.some((hook) => sessionHooks.includes(hook as onRequestHookHandler))) return;
    route.schema = { ...route.schema, security: [{ bearer: [] }] };
  });
}
