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

/**
 * The plan form posts short flag names (campaigns, kanban, ...); other clients
 * send the entity's useX names. Both are accepted and folded into useX.
 */
export const PlanBody = z
  .object({
    name: name(1, 50),
    users: count.default(0),
    connections: count.default(0),
    queues: count.default(0),
    value: z.coerce.number().min(0).max(1_000_000).default(0),
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
  })
  .transform((body) => ({
    name: body.name,
    users: body.users,
    connections: body.connections,
    queues: body.queues,
    value: body.value,
    useCampaigns: body.useCampaigns ?? body.campaigns ?? true,
    useSchedules: body.useSchedules ?? body.schedules ?? true,
    useInternalChat: body.useInternalChat ?? body.internalChat ?? true,
    useExternalApi: body.useExternalApi ?? body.externalApi ?? true,
    useKanban: body.useKanban ?? body.kanban ?? true,
    useOpenAi: body.useOpenAi ?? body.openAi ?? true,
    useIntegrations: body.useIntegrations ?? body.integrations ?? true,
  }));
export type PlanBodyInput = z.input<typeof PlanBody>;
export type PlanBody = z.output<typeof PlanBody>;

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
