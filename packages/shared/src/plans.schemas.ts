import { z } from "zod";
import { IsoDate, looseBoolean, name } from "./common.schemas.js";

export const PLAN_FLAGS = [
  "useCampaigns",
  "useSchedules",
  "useInternalChat",
  "useExternalApi",
  "useKanban",
  "useOpenAi",
  "useIntegrations",
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];

export const Plan = z.object({
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  value: z.number(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Plan = z.infer<typeof Plan>;

/** What the anonymous plan list shows on the signup page. */
export const PublicPlan = Plan.pick({
  id: true,
  name: true,
  users: true,
  connections: true,
  queues: true,
  value: true,
});

const count = z.coerce.number().int().min(0).max(100_000);
const optionalFlag = looseBoolean.optional();

const planFields = z.object({
  name: name(1, 50),
  users: count,
  connections: count,
  queues: count,
  value: z.coerce.number().min(0).max(1_000_000),
  useCampaigns: optionalFlag,
  useSchedules: optionalFlag,
  useInternalChat: optionalFlag,
  useExternalApi: optionalFlag,
  useKanban: optionalFlag,
  useOpenAi: optionalFlag,
  useIntegrations: optionalFlag,
  campaigns: optionalFlag,
  schedules: optionalFlag,
  internalChat: optionalFlag,
  externalApi: optionalFlag,
  kanban: optionalFlag,
  openAi: optionalFlag,
  integrations: optionalFlag,
});
type PlanFieldsInput = Partial<z.output<typeof planFields>>;

/** Folds the short flag names into useX; a flag sent under neither name stays undefined. */
function foldFlags(body: PlanFieldsInput) {
  return {
    useCampaigns: body.useCampaigns ?? body.campaigns,
    useSchedules: body.useSchedules ?? body.schedules,
    useInternalChat: body.useInternalChat ?? body.internalChat,
    useExternalApi: body.useExternalApi ?? body.externalApi,
    useKanban: body.useKanban ?? body.kanban,
    useOpenAi: body.useOpenAi ?? body.openAi,
    useIntegrations: body.useIntegrations ?? body.integrations,
  };
}

/**
 * The plan form posts short flag names (campaigns, kanban, ...); other clients
 * send the entity's useX names. Both are accepted and folded into useX.
 */
export const PlanBody = planFields
  .extend({
    users: count.default(0),
    connections: count.default(0),
    queues: count.default(0),
    value: z.coerce.number().min(0).max(1_000_000).default(0),
  })
  .transform((body) => {
    const flags = foldFlags(body);
    return {
      name: body.name,
      users: body.users,
      connections: body.connections,
      queues: body.queues,
      value: body.value,
      useCampaigns: flags.useCampaigns ?? true,
      useSchedules: flags.useSchedules ?? true,
      useInternalChat: flags.useInternalChat ?? true,
      useExternalApi: flags.useExternalApi ?? true,
      useKanban: flags.useKanban ?? true,
      useOpenAi: flags.useOpenAi ?? true,
      useIntegrations: flags.useIntegrations ?? true,
    };
  });
export type PlanBodyInput = z.input<typeof PlanBody>;
export type PlanBody = z.output<typeof PlanBody>;

/** An edit changes only what it sends: absent fields and flags keep their stored values. */
export const PlanUpdateBody = planFields
  .partial()
  .extend({ id: z.coerce.number().optional() })
  .transform((body) => {
    const changes: Partial<PlanBody> = { ...foldFlags(body) };
    if (body.name !== undefined) changes.name = body.name;
    if (body.users !== undefined) changes.users = body.users;
    if (body.connections !== undefined) changes.connections = body.connections;
    if (body.queues !== undefined) changes.queues = body.queues;
    if (body.value !== undefined) changes.value = body.value;
    for (const key of Object.keys(changes) as (keyof PlanBody)[]) {
      if (changes[key] === undefined) delete changes[key];
    }
    return changes;
  });
export type PlanUpdateBody = z.output<typeof PlanUpdateBody>;

/** Client-side plan form values. */
export const PlanForm = z.object({
  name: name(1, 50),
  users: z.coerce.number().int().min(0),
  connections: z.coerce.number().int().min(0),
  queues: z.coerce.number().int().min(0),
  value: z.coerce.number().min(0),
  campaigns: z.boolean(),
  schedules: z.boolean(),
  internalChat: z.boolean(),
  externalApi: z.boolean(),
  kanban: z.boolean(),
  openAi: z.boolean(),
  integrations: z.boolean(),
});
export type PlanForm = z.infer<typeof PlanForm>;
