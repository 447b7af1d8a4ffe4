import { IdParams, MessageAnswer, Plan, PlanBody, PlansQuery, PlanUpdateBody, PublicPlan } from "@atendo/shared";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { createPlan, deletePlan, listPlans, showPlan, updatePlan } from "./plans.service.js";

export function registerPlansRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  const tags = ["plans"];

  // Anonymous: the signup page offers these.
  app.get(
    "/plans/list",
    { schema: { tags, querystring: PlansQuery, response: { 200: z.array(PublicPlan) } } },
    async (request) => listPlans(ctx, request.query.searchParam),
  );

  app.get(
    "/plans/all",
    { onRequest: auth.super, schema: { tags, querystring: PlansQuery, response: { 200: z.array(Plan) } } },
    async (request) => listPlans(ctx, request.query.searchParam),
  );

  app.post(
    "/plans",
    { onRequest: auth.super, schema: { tags, body: PlanBody, response: { 200: Plan } } },
    async (request) => createPlan(ctx, request.body),
  );

  app.get(
    "/plans/:id",
    { onRequest: auth.super, schema: { tags, params: IdParams, response: { 200: Plan } } },
    async (request) => showPlan(ctx, request.params.id),
  );

  app.put(
    "/plans/:id",
    { onRequest: auth.super, schema: { tags, params: IdParams, body: PlanUpdateBody, response: { 200: Plan } } },
    async (request) => updatePlan(ctx, request.params.id, request.body),
  );

  app.delete(
    "/plans/:id",
    { onRequest: auth.super, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await deletePlan(ctx, request.params.id);
      return { message: "Plan deleted" };
    },
  );
}
