import { z } from "zod";
import { Id, INT4_MAX, IsoDate, ListQuery, looseBoolean } from "./common.schemas.js";
import {
  FLOW_INTERVAL_MAX_SECONDS,
  FLOW_NODE_ID_LENGTH,
  FLOW_RANDOMIZER,
  NAME_MAX,
  PROMPT_DEFAULTS,
  PROMPT_MODELS,
  TYPEBOT_DEFAULTS,
} from "./constants.js";

/*
 * Flows (document 2 sections 2, 3, 5 and 7): the flow list, the saved document the
 * builder draws and the engine runs, and the phrase campaigns that start a flow.
 * The server stores a document only once it passes FlowDocument below; the
 * builder (web) and the engine (server) share its node types and handle ids.
 */

// ---- Names and bounds ----

/** Flow name (document 2 section 5): required, 2 to 50. Web messages: 'Digite um nome!', 'Muito curto!', 'Muito longo!'. */
export const FLOW_NAME_MIN = 2;
export const FLOW_NAME_MAX = NAME_MAX;
export const FlowName = z
  .string()
  .trim()
  // An empty name is only "required", not also "too short".
  .min(1, { error: "required", abort: true })
  .min(FLOW_NAME_MIN, "tooShort")
  .max(FLOW_NAME_MAX, "tooLong");

/**
 * Bounds of a saved document, ours (the spec shows none): enough for any flow a
 * person draws, small enough that a client cannot store megabytes per flow.
 */
export const FLOW_LIMITS = {
  nodes: 500,
  connections: 1000,
  /** A message, a menu's text, a question. WhatsApp takes 4096 characters per text. */
  text: 4096,
  /** A label, an option, a key or a value of a condition. */
  short: 200,
  menuOptions: 30,
  contentElements: 30,
  /** An OpenAI node's prompt. */
  prompt: 10_000,
  /** A position coordinate, either way. */
  coordinate: 1_000_000,
  styleKeys: 20,
} as const;

/** Flow campaign (document 2 section 3): the phrase that starts the flow, compared trimmed and case-insensitively. */
export const FLOW_CAMPAIGN_NAME_MAX = 100;
export const FLOW_CAMPAIGN_PHRASE_MAX = 1000;

// ---- Node types, ids and handles ----

export const FLOW_NODE_TYPES = [
  "start",
  "message",
  "interval",
  "condition",
  "menu",
  "img",
  "audio",
  "video",
  "randomizer",
  "ticket",
  "singleBlock",
  "typebot",
  "openai",
  "question",
] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

/** The start node's id: every document has exactly one start node, and it is this one (document 2 section 3). */
export const FLOW_START_NODE_ID = "1";
/** Where a new flow's start node sits (document 2 section 3). */
export const FLOW_START_POSITION = { x: 250, y: 100 } as const;
export const FLOW_START_LABEL = "Inicio do fluxo";

const NODE_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A new node's id: 30 random alphanumeric characters (document 2 section 9). */
export function newFlowNodeId(): string {
  const bytes = new Uint8Array(FLOW_NODE_ID_LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  // 256 is not a multiple of 62: the small bias is of no consequence for an id.
  return Array.from(bytes, (byte) => NODE_ID_ALPHABET[byte % NODE_ID_ALPHABET.length]).join("");
}

/**
 * Source handle ids, fixed here for the builder and the engine alike:
 * - menu: one source per option, `a{n}` for option number n (a1, a2, ...);
 * - randomizer: `a` takes `percent` % of the runs, `b` the other 100 − percent %;
 * - condition: `a` when the condition holds, `b` when it does not;
 * - every other node but the start's target side has one unnamed source: its
 *   edges carry no sourceHandle (null or absent).
 * Targets: one per node (the start node has none); targetHandle is not read.
 */
export const FLOW_BRANCH_HANDLES = {
  randomizer: { percent: "a", rest: "b" },
  condition: { true: "a", false: "b" },
} as const;

/** The source handle of a menu's option number n. */
export const menuOptionHandle = (optionNumber: number): string => `a${optionNumber}`;

/** The option number a menu handle stands for, or undefined when it is no option handle. */
export function menuOptionOfHandle(handle: string | null | undefined): number | undefined {
  const match = /^a([1-9]\d{0,2})$/.exec(handle ?? "");
  return match ? Number(match[1]) : undefined;
}

// ---- Media ----

/**
 * A media node's url is the stored file's name as /flowbuilder/img, audio or
 * content answered it (`name`): a bare name, never a path or a URL, so a
 * document can only point at its own company's flow media (the engine and the
 * builder find it under the company's folder, see flowMediaPublicUrl).
 */
export const FLOW_MEDIA_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}(\.[A-Za-z0-9]{1,10})?$/;
export const FlowMediaName = z.string().regex(FLOW_MEDIA_NAME, "invalidMediaName");

/** Where /public/ serves a company's flow media file (the server stores it as company{id}/{name}). */
export const flowMediaPublicUrl = (companyId: number, name: string): string => `/public/company${companyId}/${name}`;

// ---- Node data ----

/** An id inside the document: a plain number (the document is also a response, where coercion has no place). */
const RefId = z.number().int().positive().max(INT4_MAX);

const text = (max: number = FLOW_LIMITS.text) => z.string().max(max, "tooLong");
const requiredText = (max: number = FLOW_LIMITS.text) => z.string().trim().min(1, "required").max(max, "tooLong");

/** Operators of a condition node, and what each means (flowConditionHolds). */
export const FLOW_CONDITION_OPERATORS = [
  "equals",
  "notEquals",
  "contains",
  "notContains",
  "startsWith",
  "endsWith",
  "greater",
  "less",
  "exists",
] as const;
export type FlowConditionOperator = (typeof FLOW_CONDITION_OPERATORS)[number];

/**
 * Whether a condition holds for the value a flow run has (a variable, an answer;
 * undefined when never set). Text comparisons ignore case and surrounding
 * spaces; greater and less compare numbers (a decimal comma is read as a point)
 * and do not hold when either side is not a number.
 */
export function flowConditionHolds(
  operator: FlowConditionOperator,
  actual: string | undefined,
  expected: string,
): boolean {
  if (operator === "exists") return actual !== undefined && actual.trim() !== "";
  const left = (actual ?? "").trim().toLowerCase();
  const right = expected.trim().toLowerCase();
  const number = (value: string) => (value === "" ? Number.NaN : Number(value.replace(",", ".")));
  switch (operator) {
    case "equals":
      return left === right;
    case "notEquals":
      return left !== right;
    case "contains":
      return left.includes(right);
    case "notContains":
      return !left.includes(right);
    case "startsWith":
      return left.startsWith(right);
    case "endsWith":
      return left.endsWith(right);
    case "greater":
      return number(left) > number(right);
    case "less":
      return number(left) < number(right);
  }
}

/** The voices of an OpenAI node (document 2 section 3): text only, or one of 15 Brazilian Portuguese neural voices. */
export const FLOW_OPENAI_VOICES = [
  "texto",
  "pt-BR-FranciscaNeural",
  "pt-BR-AntonioNeural",
  "pt-BR-BrendaNeural",
  "pt-BR-DonatoNeural",
  "pt-BR-ElzaNeural",
  "pt-BR-FabioNeural",
  "pt-BR-GiovannaNeural",
  "pt-BR-HumbertoNeural",
  "pt-BR-JulioNeural",
  "pt-BR-LeilaNeural",
  "pt-BR-LeticiaNeural",
  "pt-BR-ManuelaNeural",
  "pt-BR-NicolauNeural",
  "pt-BR-ValerioNeural",
  "pt-BR-YaraNeural",
] as const;
export const FLOW_OPENAI_DEFAULT_VOICE = "texto";

/** A question's answerKey: the variable the answer is kept in, written {{answerKey}} in texts. */
export const FLOW_VARIABLE_NAME = /^[\p{L}\p{N}_-]{1,50}$/u;

const IntervalSeconds = z.number().int("notInteger").min(1, "tooSmall").max(FLOW_INTERVAL_MAX_SECONDS, "tooLarge");

export const StartNodeData = z.object({ label: text(FLOW_LIMITS.short).default(FLOW_START_LABEL) });
export const MessageNodeData = z.object({ label: requiredText() });
export const IntervalNodeData = z.object({ sec: IntervalSeconds });
export const ConditionNodeData = z.object({
  key: requiredText(FLOW_LIMITS.short),
  condition: z.enum(FLOW_CONDITION_OPERATORS),
  value: text(FLOW_LIMITS.short).default(""),
});

export const MenuOption = z.object({ number: z.number().int().min(1), value: requiredText(FLOW_LIMITS.short) });
export const MenuNodeData = z.object({
  message: requiredText(),
  /** Numbered 1..n in order (document 2 section 5: numbered from 1, only the last can be removed). */
  arrayOption: z
    .array(MenuOption)
    .min(1, "required")
    .max(FLOW_LIMITS.menuOptions, "tooMany")
    .superRefine((options, ctx) => {
      options.forEach((option, index) => {
        if (option.number !== index + 1) {
          ctx.addIssue({ code: "custom", path: [index, "number"], message: "notConsecutive" });
        }
      });
    }),
});

export const ImgNodeData = z.object({ url: FlowMediaName });
/** record: sent as a voice note (recorded) rather than an audio file. */
export const AudioNodeData = z.object({ url: FlowMediaName, record: z.boolean().default(false) });
export const VideoNodeData = z.object({ url: FlowMediaName });

export const RandomizerNodeData = z.object({
  percent: z
    .number()
    .int()
    .min(FLOW_RANDOMIZER.min, "tooSmall")
    .max(FLOW_RANDOMIZER.max, "tooLarge")
    .multipleOf(FLOW_RANDOMIZER.step, "notStep"),
});

/** The queue a ticket node moves the ticket to; the builder stores the queue as it listed it. */
export const TicketNodeData = z.object({
  data: z.object({
    id: RefId,
    name: text(FLOW_LIMITS.short).default(""),
    color: text(20).optional(),
  }),
});

/** One element of a content sequence; `number` is its id in `seq` (message0, interval1, img0...). */
const elementNumber = z.string().regex(/^[A-Za-z]+\d{1,3}$/, "invalidElement");
const mediaElement = <T extends "img" | "video">(type: T) =>
  z.object({
    type: z.literal(type),
    number: elementNumber,
    value: FlowMediaName,
    /** The uploaded file's own name, for display. */
    original: text(FLOW_LIMITS.short).optional(),
  });
export const ContentElement = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message"), number: elementNumber, value: requiredText() }),
  z.object({ type: z.literal("interval"), number: elementNumber, value: IntervalSeconds }),
  mediaElement("img"),
  mediaElement("video"),
  z.object({
    type: z.literal("audio"),
    number: elementNumber,
    value: FlowMediaName,
    original: text(FLOW_LIMITS.short).optional(),
    record: z.boolean().default(false),
  }),
]);
export type ContentElement = z.infer<typeof ContentElement>;
export type ContentElementType = ContentElement["type"];

/** The content sequence ("Conteúdo"): its elements, sent in the order `seq` lists their numbers. */
export const SingleBlockNodeData = z
  .object({
    seq: z.array(elementNumber).min(1, "required").max(FLOW_LIMITS.contentElements, "tooMany"),
    elements: z.array(ContentElement).min(1, "required").max(FLOW_LIMITS.contentElements, "tooMany"),
  })
  .superRefine((data, ctx) => {
    const numbers = new Set<string>();
    data.elements.forEach((element, index) => {
      if (numbers.has(element.number)) {
        ctx.addIssue({ code: "custom", path: ["elements", index, "number"], message: "duplicate" });
      }
      numbers.add(element.number);
    });
    const listed = new Set<string>();
    data.seq.forEach((number, index) => {
      if (!numbers.has(number) || listed.has(number)) {
        ctx.addIssue({ code: "custom", path: ["seq", index], message: "invalidElement" });
      }
      listed.add(number);
    });
  });

/** A Typebot node holds the integration's fields (document 2 section 3), with the message sent first. */
export const TypebotNodeData = z.object({
  typebotIntegration: z.object({
    /** The queue integration it was copied from, when any. */
    id: RefId.optional(),
    name: text(NAME_MAX).default(""),
    /** The Typebot server's base URL. */
    urlN8N: requiredText(500).pipe(z.url({ protocol: /^https?$/, error: "invalidUrl" })),
    typebotSlug: requiredText(200),
    typebotExpires: z.number().int().min(0).max(100_000).default(TYPEBOT_DEFAULTS.typebotExpires),
    typebotKeywordFinish: text(100).default(""),
    typebotKeywordRestart: text(100).default(""),
    typebotUnknownMessage: text().default(""),
    typebotRestartMessage: text().default(""),
    typebotDelayMessage: z.number().int().min(0).max(60_000).default(TYPEBOT_DEFAULTS.typebotDelayMessage),
    message: text().default(""),
  }),
});

/**
 * An OpenAI node: stored under typebotIntegration like the original (document 2 section 3). The
 * spec's node has no model (the original always asked the prompts' default); ours chooses one of
 * the prompts' models, the default for a node saved without it.
 */
export const OpenAiNodeData = z.object({
  typebotIntegration: z.object({
    name: requiredText(NAME_MAX),
    projectName: text(100).default(""),
    apiKey: requiredText(500),
    prompt: requiredText(FLOW_LIMITS.prompt),
    model: z.enum(PROMPT_MODELS, { error: "invalidModel" }).default(PROMPT_DEFAULTS.model),
    voice: z.enum(FLOW_OPENAI_VOICES).default(FLOW_OPENAI_DEFAULT_VOICE),
    voiceKey: text(500).default(""),
    voiceRegion: text(100).default(""),
    temperature: z.number().min(0).max(2).default(PROMPT_DEFAULTS.temperature),
    maxTokens: z.number().int().min(1).max(100_000).default(PROMPT_DEFAULTS.maxTokens),
    maxMessages: z.number().int().min(1).max(1000).default(PROMPT_DEFAULTS.maxMessages),
    queueId: RefId.nullable().default(null),
  }),
});

/** A question node: its message, and the variable the answer is kept in. */
export const QuestionNodeData = z.object({
  typebotIntegration: z.object({
    message: requiredText(),
    answerKey: z.string().trim().regex(FLOW_VARIABLE_NAME, "invalidVariable"),
  }),
});

// ---- Nodes and edges ----

/** Node ids: the start node's "1", the others 30 random alphanumerics (newFlowNodeId); a little room for older ids. */
const NodeId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "invalidId");

const Coordinate = z.number().min(-FLOW_LIMITS.coordinate).max(FLOW_LIMITS.coordinate);

/** A node's own style (the builder's colours), bounded; never the canvas's layout state. */
const NodeStyle = z
  .record(z.string().max(50), z.union([z.string().max(200), z.number()]))
  .refine((style) => Object.keys(style).length <= FLOW_LIMITS.styleKeys, "tooMany");

/**
 * One node type: z.object drops the fields the canvas library adds (width, height,
 * selected, dragging, positionAbsolute, measured...), which are view state.
 */
const node = <T extends FlowNodeType, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: NodeId,
    type: z.literal(type),
    position: z.object({ x: Coordinate, y: Coordinate }),
    data,
    style: NodeStyle.optional(),
  });

export const FlowNode = z.discriminatedUnion("type", [
  node("start", StartNodeData),
  node("message", MessageNodeData),
  node("interval", IntervalNodeData),
  node("condition", ConditionNodeData),
  node("menu", MenuNodeData),
  node("img", ImgNodeData),
  node("audio", AudioNodeData),
  node("video", VideoNodeData),
  node("randomizer", RandomizerNodeData),
  node("ticket", TicketNodeData),
  node("singleBlock", SingleBlockNodeData),
  node("typebot", TypebotNodeData),
  node("openai", OpenAiNodeData),
  node("question", QuestionNodeData),
]);
export type FlowNode = z.infer<typeof FlowNode>;
export type FlowNodeOf<T extends FlowNodeType> = Extract<FlowNode, { type: T }>;

const HandleId = z.string().max(50).nullable().optional();

/** A connection; the canvas's own fields (selected, animated, style, markers...) are dropped. */
export const FlowEdge = z.object({
  id: z.string().min(1).max(200),
  source: NodeId,
  target: NodeId,
  sourceHandle: HandleId,
  targetHandle: HandleId,
});
export type FlowEdge = z.infer<typeof FlowEdge>;

/**
 * The source handles a node has, as its edges must name them: null for the single
 * unnamed source of most nodes (see FLOW_BRANCH_HANDLES).
 */
export function flowSourceHandles(node: FlowNode): (string | null)[] {
  switch (node.type) {
    case "menu":
      return node.data.arrayOption.map((option) => menuOptionHandle(option.number));
    case "randomizer":
      return [FLOW_BRANCH_HANDLES.randomizer.percent, FLOW_BRANCH_HANDLES.randomizer.rest];
    case "condition":
      return [FLOW_BRANCH_HANDLES.condition.true, FLOW_BRANCH_HANDLES.condition.false];
    default:
      return [null];
  }
}

/** The edge leaving a node by a handle (null: its single source), when there is one. */
export function flowEdgeFrom(
  connections: readonly FlowEdge[],
  nodeId: string,
  handle: string | null,
): FlowEdge | undefined {
  return connections.find((edge) => edge.source === nodeId && (edge.sourceHandle ?? null) === handle);
}

/** Nodes and connections as stored and as GET /flowbuilder/flow/{id} answers them. */
export const FlowContent = z.object({
  nodes: z.array(FlowNode).max(FLOW_LIMITS.nodes, "tooMany"),
  connections: z.array(FlowEdge).max(FLOW_LIMITS.connections, "tooMany"),
});
export type FlowContent = z.infer<typeof FlowContent>;

/**
 * The document's own rules. Issues carry the path of the offending part and one
 * of these messages (the server answers them as ERR_VALIDATION fields):
 * duplicateId, startCount (no start node, or more than one), startId (the start
 * node's id is not "1"), danglingEdge (source or target is not a node),
 * startTarget (an edge into the start node), invalidHandle (a source handle the
 * node does not have, e.g. a menu edge from no option), duplicateSource (two
 * edges leave the same handle: the engine follows one).
 */
export function checkFlowContent(content: FlowContent, ctx: z.RefinementCtx): void {
  const byId = new Map<string, FlowNode>();
  content.nodes.forEach((node, index) => {
    if (byId.has(node.id)) ctx.addIssue({ code: "custom", path: ["nodes", index, "id"], message: "duplicateId" });
    else byId.set(node.id, node);
  });
  const starts = content.nodes.filter((node) => node.type === "start");
  if (starts.length !== 1) ctx.addIssue({ code: "custom", path: ["nodes"], message: "startCount" });
  content.nodes.forEach((node, index) => {
    if (node.type === "start" && node.id !== FLOW_START_NODE_ID) {
      ctx.addIssue({ code: "custom", path: ["nodes", index, "id"], message: "startId" });
    }
  });

  const edgeIds = new Set<string>();
  const usedHandles = new Set<string>();
  content.connections.forEach((edge, index) => {
    const path = (field: string) => ["connections", index, field];
    if (edgeIds.has(edge.id)) ctx.addIssue({ code: "custom", path: path("id"), message: "duplicateId" });
    edgeIds.add(edge.id);
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source) ctx.addIssue({ code: "custom", path: path("source"), message: "danglingEdge" });
    if (!target) ctx.addIssue({ code: "custom", path: path("target"), message: "danglingEdge" });
    if (target?.type === "start") ctx.addIssue({ code: "custom", path: path("target"), message: "startTarget" });
    if (!source) return;
    const handle = edge.sourceHandle ?? null;
    if (!flowSourceHandles(source).includes(handle)) {
      ctx.addIssue({ code: "custom", path: path("sourceHandle"), message: "invalidHandle" });
      return;
    }
    const key = JSON.stringify([edge.source, handle]);
    if (usedHandles.has(key)) ctx.addIssue({ code: "custom", path: path("sourceHandle"), message: "duplicateSource" });
    usedHandles.add(key);
  });
}

/** POST /flowbuilder/flow: the builder's whole document for one flow. */
export const FlowDocument = z
  .object({
    idFlow: Id,
    nodes: FlowContent.shape.nodes,
    connections: FlowContent.shape.connections,
  })
  .superRefine(checkFlowContent);
export type FlowDocument = z.infer<typeof FlowDocument>;
export type FlowDocumentInput = z.input<typeof FlowDocument>;

/** The document of a new flow (document 2 section 3): the start node alone. */
export function initialFlowContent(): FlowContent {
  return {
    nodes: [
      {
        id: FLOW_START_NODE_ID,
        type: "start",
        position: { ...FLOW_START_POSITION },
        data: { label: FLOW_START_LABEL },
      },
    ],
    connections: [],
  };
}

// ---- Flow list ----

export const FlowRecord = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  companyId: z.number(),
  userId: z.number().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type FlowRecord = z.infer<typeof FlowRecord>;

/** GET /flowbuilder. */
export const FlowListQuery = ListQuery;
export const FlowsPage = z.object({ flows: z.array(FlowRecord), count: z.number(), hasMore: z.boolean() });
export type FlowsPage = z.infer<typeof FlowsPage>;

/** POST /flowbuilder. */
export const FlowCreateBody = z.object({ name: FlowName });
export type FlowCreateBody = z.infer<typeof FlowCreateBody>;
/** PUT /flowbuilder: renames a flow. */
export const FlowRenameBody = z.object({ flowId: Id, name: FlowName });
export type FlowRenameBody = z.infer<typeof FlowRenameBody>;
/** POST /flowbuilder/duplicate. */
export const FlowDuplicateBody = z.object({ flowId: Id });
export type FlowDuplicateBody = z.infer<typeof FlowDuplicateBody>;

/** The suffix of a duplicate's name, cut so the name stays within FLOW_NAME_MAX. */
export const FLOW_COPY_SUFFIX = " - cópia";
export function duplicateFlowName(name: string): string {
  return `${name.slice(0, FLOW_NAME_MAX - FLOW_COPY_SUFFIX.length).trimEnd()}${FLOW_COPY_SUFFIX}`;
}

/** GET /flowbuilder/flow/{id} and POST /flowbuilder/flow: read by the builder as `flow.flow` (null: never saved). */
export const FlowWithContent = FlowRecord.extend({ flow: FlowContent.nullable() });
export type FlowWithContent = z.infer<typeof FlowWithContent>;
export const FlowAnswer = z.object({ flow: FlowWithContent });
export type FlowAnswer = z.infer<typeof FlowAnswer>;

/**
 * POST /flowbuilder/img, /audio, /content: multipart with fields fromMe and body
 * (not read) and the file(s) under `medias`. `name` is the stored file name of
 * the first file, which a node's url keeps; `names` lists every file's stored
 * name in the order sent (the content composer sends several), `originals` their
 * own names for display.
 */
export const FlowMediaUpload = z.object({
  name: z.string(),
  names: z.array(z.string()),
  originals: z.array(z.string()),
});
export type FlowMediaUpload = z.infer<typeof FlowMediaUpload>;

// ---- Flow campaigns (phrase lists) ----

export const FlowCampaign = z.object({
  id: z.number(),
  name: z.string(),
  flowId: z.number(),
  whatsappId: z.number(),
  phrase: z.string(),
  status: z.boolean(),
  companyId: z.number(),
  userId: z.number().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type FlowCampaign = z.infer<typeof FlowCampaign>;

/** GET /flowcampaign: the spec's key is `flow`. */
export const FlowCampaignsList = z.object({ flow: z.array(FlowCampaign) });
export type FlowCampaignsList = z.infer<typeof FlowCampaignsList>;

const flowCampaignFields = {
  name: z.string().trim().min(1, "required").max(FLOW_CAMPAIGN_NAME_MAX, "tooLong"),
  flowId: Id,
  whatsappId: Id,
  phrase: z.string().trim().min(1, "required").max(FLOW_CAMPAIGN_PHRASE_MAX, "tooLong"),
};

/** POST /flowcampaign; the original client also sends companyId and userId, which the session decides. */
export const FlowCampaignBody = z.object({
  ...flowCampaignFields,
  status: looseBoolean.optional().default(true),
});
export type FlowCampaignBody = z.infer<typeof FlowCampaignBody>;
export type FlowCampaignInput = z.input<typeof FlowCampaignBody>;

/** PUT /flowcampaign: the whole campaign, by id. */
export const FlowCampaignUpdateBody = z.object({
  id: Id,
  ...flowCampaignFields,
  status: looseBoolean,
});
export type FlowCampaignUpdateBody = z.infer<typeof FlowCampaignUpdateBody>;
