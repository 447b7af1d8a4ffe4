import { describe, expect, it } from "vitest";
import {
  duplicateFlowName,
  FLOW_LIMITS,
  FLOW_NAME_MAX,
  FLOW_NODE_TYPES,
  FlowCampaignBody,
  FlowCampaignUpdateBody,
  FlowDocument,
  type FlowDocumentInput,
  FlowName,
  type FlowNodeType,
  flowConditionHolds,
  flowEdgeFrom,
  flowSourceHandles,
  initialFlowContent,
  menuOptionHandle,
  menuOptionOfHandle,
  newFlowNodeId,
} from "./flows.schemas.js";

const at = { x: 0, y: 0 };
const start = { id: "1", type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" } };

/** One valid node of each type, as the builder sends it. */
const SAMPLES: Record<FlowNodeType, { type: FlowNodeType; data: Record<string, unknown> }> = {
  start: { type: "start", data: { label: "Inicio do fluxo" } },
  message: { type: "message", data: { label: "Olá {{firstName}}" } },
  interval: { type: "interval", data: { sec: 120 } },
  condition: { type: "condition", data: { key: "idade", condition: "greater", value: "18" } },
  menu: {
    type: "menu",
    data: {
      message: "Escolha",
      arrayOption: [
        { number: 1, value: "Vendas" },
        { number: 2, value: "Suporte" },
      ],
    },
  },
  img: { type: "img", data: { url: "2b1f6f0e-8c1a-4f7e-9f0a-0c5d4e3b2a10.png" } },
  audio: { type: "audio", data: { url: "voz.ogg", record: true } },
  video: { type: "video", data: { url: "clip.mp4" } },
  randomizer: { type: "randomizer", data: { percent: 30 } },
  ticket: { type: "ticket", data: { data: { id: 4, name: "Suporte", color: "#ff0000" } } },
  singleBlock: {
    type: "singleBlock",
    data: {
      seq: ["message0", "interval0", "img0", "audio0", "video0"],
      elements: [
        { type: "message", number: "message0", value: "Oi" },
        { type: "interval", number: "interval0", value: 3 },
        { type: "img", number: "img0", value: "a.png", original: "foto.png" },
        { type: "audio", number: "audio0", value: "b.ogg", original: "voz.ogg", record: false },
        { type: "video", number: "video0", value: "c.mp4" },
      ],
    },
  },
  typebot: {
    type: "typebot",
    data: { typebotIntegration: { name: "Bot", urlN8N: "https://typebot.example", typebotSlug: "my-bot" } },
  },
  openai: {
    type: "openai",
    data: { typebotIntegration: { name: "IA", apiKey: "sk-x", prompt: "Você é um atendente educado." } },
  },
  question: { type: "question", data: { typebotIntegration: { message: "Qual sua idade?", answerKey: "idade" } } },
};

const doc = (nodes: unknown[], connections: unknown[] = []): FlowDocumentInput =>
  ({ idFlow: 1, nodes, connections }) as FlowDocumentInput;
const withNode = (type: FlowNodeType, data: Record<string, unknown> = SAMPLES[type].data) => ({
  id: newFlowNodeId(),
  type,
  position: at,
  data,
});
const messages = (input: unknown) => {
  const result = FlowDocument.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);
};

describe("the flow document", () => {
  it("accepts every node type", () => {
    for (const type of FLOW_NODE_TYPES) {
      if (type === "start") continue;
      const node = withNode(type);
      expect(messages(doc([start, node], [{ id: "e1", source: "1", target: node.id }])), type).toEqual([]);
    }
  });

  it("fills the OpenAI node's defaults (document 2 section 3)", () => {
    const node = withNode("openai");
    const parsed = FlowDocument.parse(doc([start, node]));
    expect(parsed.nodes[1]?.data).toEqual({
      typebotIntegration: {
        name: "IA",
        apiKey: "sk-x",
        prompt: "Você é um atendente educado.",
        projectName: "",
        model: "gpt-3.5-turbo-1106",
        voice: "texto",
        voiceKey: "",
        voiceRegion: "",
        temperature: 1,
        maxTokens: 100,
        maxMessages: 10,
        queueId: null,
      },
    });
  });

  it("takes one of the prompts' models for the OpenAI node, and nothing else", () => {
    const integration = SAMPLES.openai.data.typebotIntegration as Record<string, unknown>;
    const chosen = FlowDocument.parse(
      doc([start, withNode("openai", { typebotIntegration: { ...integration, model: "gpt-4o-mini" } })]),
    );
    expect(chosen.nodes[1]?.data).toMatchObject({ typebotIntegration: { model: "gpt-4o-mini" } });
    expect(
      messages(doc([start, withNode("openai", { typebotIntegration: { ...integration, model: "gpt-9" } })])),
    ).toEqual(["nodes.1.data.typebotIntegration.model:invalidModel"]);
  });

  it("refuses an unknown node type", () => {
    expect(messages(doc([start, { ...withNode("message"), type: "webhook" }])).join()).toMatch(/^nodes\.1\.type:/);
  });

  it("strips the canvas's layout fields from nodes and edges", () => {
    const node = {
      ...withNode("message"),
      width: 200,
      height: 80,
      selected: true,
      dragging: false,
      positionAbsolute: { x: 1, y: 2 },
      measured: { width: 200, height: 80 },
      style: { borderColor: "blue" },
    };
    const edge = {
      id: "e1",
      source: "1",
      target: node.id,
      sourceHandle: null,
      targetHandle: null,
      selected: true,
      animated: true,
      style: { stroke: "#000" },
      markerEnd: { type: "arrow" },
    };
    const parsed = FlowDocument.parse(doc([start, node], [edge]));
    expect(parsed.nodes[1]).toEqual({
      id: node.id,
      type: "message",
      position: at,
      data: { label: "Olá {{firstName}}" },
      style: { borderColor: "blue" },
    });
    expect(parsed.connections[0]).toEqual({
      id: "e1",
      source: "1",
      target: node.id,
      sourceHandle: null,
      targetHandle: null,
    });
  });

  it("refuses a dangling edge", () => {
    const node = withNode("message");
    expect(messages(doc([start, node], [{ id: "e1", source: "1", target: "nope" }]))).toEqual([
      "connections.0.target:danglingEdge",
    ]);
    expect(messages(doc([start, node], [{ id: "e1", source: "ghost", target: node.id }]))).toEqual([
      "connections.0.source:danglingEdge",
    ]);
  });

  it("refuses a menu edge from no option, and names the option handles a1..an", () => {
    const menu = withNode("menu");
    const next = withNode("message");
    const edge = (sourceHandle: string | null) => ({ id: "e", source: menu.id, target: next.id, sourceHandle });
    expect(messages(doc([start, menu, next], [edge("a2")]))).toEqual([]);
    expect(messages(doc([start, menu, next], [edge("a3")]))).toEqual(["connections.0.sourceHandle:invalidHandle"]);
    expect(messages(doc([start, menu, next], [edge(null)]))).toEqual(["connections.0.sourceHandle:invalidHandle"]);
    expect(menuOptionHandle(2)).toBe("a2");
    expect(menuOptionOfHandle("a12")).toBe(12);
    expect(menuOptionOfHandle("b")).toBeUndefined();
  });

  it("gives randomizer and condition the handles a and b, and other nodes one unnamed source", () => {
    const randomizer = withNode("randomizer");
    const condition = withNode("condition");
    const message = withNode("message");
    const parsed = FlowDocument.parse(doc([start, randomizer, condition, message]));
    expect(parsed.nodes.map(flowSourceHandles)).toEqual([[null], ["a", "b"], ["a", "b"], [null]]);
    const edge = (source: string, sourceHandle?: string) => ({ id: `${source}${sourceHandle}`, source, sourceHandle });
    expect(
      messages(
        doc(
          [start, randomizer, condition, message],
          [
            { ...edge(randomizer.id, "a"), target: message.id },
            { ...edge(randomizer.id, "b"), target: condition.id },
            { ...edge(condition.id, "c"), target: message.id },
            { ...edge(message.id, "a"), target: condition.id },
          ],
        ),
      ),
    ).toEqual(["connections.2.sourceHandle:invalidHandle", "connections.3.sourceHandle:invalidHandle"]);
  });

  it("finds the edge leaving a handle, and refuses two edges from one handle", () => {
    const message = withNode("message");
    const other = withNode("message");
    const connections = [
      { id: "e1", source: "1", target: message.id },
      { id: "e2", source: "1", target: other.id, sourceHandle: null },
    ];
    expect(messages(doc([start, message, other], connections))).toEqual(["connections.1.sourceHandle:duplicateSource"]);
    const parsed = FlowDocument.parse(doc([start, message, other], connections.slice(0, 1)));
    expect(flowEdgeFrom(parsed.connections, "1", null)?.target).toBe(message.id);
    expect(flowEdgeFrom(parsed.connections, message.id, null)).toBeUndefined();
  });

  it("wants exactly one start node, with id 1, that nothing points to", () => {
    const message = withNode("message");
    expect(messages(doc([message]))).toEqual(["nodes:startCount"]);
    expect(messages(doc([start, { ...start, id: "2" }]))).toEqual(["nodes:startCount", "nodes.1.id:startId"]);
    expect(messages(doc([start, message], [{ id: "e", source: message.id, target: "1" }]))).toEqual([
      "connections.0.target:startTarget",
    ]);
  });

  it("refuses duplicate node ids", () => {
    const message = withNode("message");
    expect(messages(doc([start, message, { ...message, position: { x: 9, y: 9 } }]))).toEqual([
      "nodes.2.id:duplicateId",
    ]);
  });

  it("takes only bare stored file names as media urls", () => {
    for (const url of ["../secret.png", "a/b.png", "https://evil.example/x.png", "javascript:alert(1)", "", ".png"]) {
      expect(messages(doc([start, withNode("img", { url })])), url).toEqual(["nodes.1.data.url:invalidMediaName"]);
    }
    expect(
      messages(
        doc([
          start,
          withNode("singleBlock", { seq: ["img0"], elements: [{ type: "img", number: "img0", value: "../x.png" }] }),
        ]),
      ),
    ).toEqual(["nodes.1.data.elements.0.value:invalidMediaName"]);
  });

  it("checks the node data's rules", () => {
    const bad = (type: FlowNodeType, data: Record<string, unknown>) => messages(doc([start, withNode(type, data)]));
    expect(bad("interval", { sec: 0 })).toEqual(["nodes.1.data.sec:tooSmall"]);
    expect(bad("interval", { sec: 121 })).toEqual(["nodes.1.data.sec:tooLarge"]);
    expect(bad("randomizer", { percent: 35 })).toEqual(["nodes.1.data.percent:notStep"]);
    expect(bad("menu", { message: "m", arrayOption: [{ number: 2, value: "x" }] })).toEqual([
      "nodes.1.data.arrayOption.0.number:notConsecutive",
    ]);
    expect(bad("condition", { key: "k", condition: "matches", value: "x" })).toHaveLength(1);
    expect(bad("message", { label: "   " })).toEqual(["nodes.1.data.label:required"]);
    expect(bad("question", { typebotIntegration: { message: "m", answerKey: "a b" } })).toEqual([
      "nodes.1.data.typebotIntegration.answerKey:invalidVariable",
    ]);
    expect(
      bad("singleBlock", { seq: ["message1"], elements: [{ type: "message", number: "message0", value: "x" }] }),
    ).toEqual(["nodes.1.data.seq.0:invalidElement"]);
  });

  it("bounds the document's size", () => {
    const many = Array.from({ length: FLOW_LIMITS.nodes + 1 }, () => withNode("message"));
    expect(messages(doc([start, ...many]))).toContain("nodes:tooMany");
    expect(messages(doc([start, withNode("message", { label: "x".repeat(FLOW_LIMITS.text + 1) })]))).toEqual([
      "nodes.1.data.label:tooLong",
    ]);
  });

  it("starts a new flow with the start node alone", () => {
    const content = initialFlowContent();
    expect(messages({ idFlow: 3, ...content })).toEqual([]);
    expect(content.nodes[0]).toMatchObject({ id: "1", position: { x: 250, y: 100 } });
  });

  it("makes 30-character alphanumeric node ids", () => {
    const id = newFlowNodeId();
    expect(id).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(newFlowNodeId()).not.toBe(id);
  });
});

describe("flow names and campaigns", () => {
  it("wants a name of 2 to 50 characters", () => {
    expect(FlowName.safeParse(" ").error?.issues.map((issue) => issue.message)).toEqual(["required"]);
    expect(FlowName.safeParse("a").error?.issues[0]?.message).toBe("tooShort");
    expect(FlowName.safeParse("a".repeat(51)).error?.issues[0]?.message).toBe("tooLong");
    expect(FlowName.parse("  Vendas ")).toBe("Vendas");
  });

  it("names a duplicate within the limit", () => {
    expect(duplicateFlowName("Vendas")).toBe("Vendas - cópia");
    const long = duplicateFlowName("a".repeat(FLOW_NAME_MAX));
    expect(long.length).toBeLessThanOrEqual(FLOW_NAME_MAX);
    expect(long.endsWith(" - cópia")).toBe(true);
  });

  it("reads campaign bodies", () => {
    expect(
      FlowCampaignBody.parse({ name: "Promo", flowId: "2", whatsappId: 3, phrase: "  Oi  ", companyId: 9 }),
    ).toEqual({ name: "Promo", flowId: 2, whatsappId: 3, phrase: "Oi", status: true });
    expect(FlowCampaignBody.safeParse({ name: "P", flowId: 2, whatsappId: 3, phrase: "  " }).success).toBe(false);
    expect(
      FlowCampaignUpdateBody.parse({ id: 1, name: "P", flowId: 2, whatsappId: 3, phrase: "x", status: false }),
    ).toMatchObject({ status: false });
  });

  it("evaluates conditions", () => {
    expect(flowConditionHolds("equals", " SIM ", "sim")).toBe(true);
    expect(flowConditionHolds("greater", "18,5", "18")).toBe(true);
    expect(flowConditionHolds("less", "abc", "18")).toBe(false);
    expect(flowConditionHolds("exists", undefined, "")).toBe(false);
    expect(flowConditionHolds("notContains", "bom dia", "noite")).toBe(true);
  });
});
