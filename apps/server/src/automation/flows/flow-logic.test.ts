import { type FlowContent, FlowContent as FlowContentSchema, type FlowNode } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { answerNode, flowMessageId, type RunView, renderFlowText, roll, visitNode } from "./flow-logic.js";

const at = { x: 0, y: 0 };
const run = (over: Partial<RunView> = {}): RunView => ({ id: 7, seq: 3, visit: 0, part: 0, variables: {}, ...over });
const contact = { name: "João da Silva" };

/** A document from nodes (their data as the builder saves it) and [source, target, handle?] edges. */
function doc(nodes: { id: string; type: FlowNode["type"]; data: unknown }[], edges: [string, string, string?][]) {
  return FlowContentSchema.parse({
    nodes: [{ id: "1", type: "start", data: {} }, ...nodes].map((node) => ({ position: at, ...node })),
    connections: edges.map(([source, target, sourceHandle], index) => ({
      id: `e${index}`,
      source,
      target,
      sourceHandle: sourceHandle ?? null,
    })),
  }) as FlowContent;
}
const node = (flow: FlowContent, id: string) => flow.nodes.find((n) => n.id === id)!;

describe("flow decisions", () => {
  it("renders the run's variables and the contact's names, a flow variable winning over a built-in", () => {
    expect(renderFlowText("Oi {{firstName}} ({{ name }}), {{cidade}}!", { cidade: "Recife" }, contact)).toBe(
      "Oi João (João da Silva), Recife!",
    );
    expect(renderFlowText("{{name}} / {{unset}}.", { name: "Maria" }, contact)).toBe("Maria / .");
  });

  it("sends a menu with its numbered options, follows the chosen option and repeats on anything else", () => {
    const flow = doc(
      [
        {
          id: "m",
          type: "menu",
          data: {
            message: "Olá {{firstName}}, escolha:",
            arrayOption: [
              { number: 1, value: "Vendas" },
              { number: 2, value: "Suporte" },
            ],
          },
        },
        { id: "v", type: "message", data: { label: "Vendas" } },
      ],
      [
        ["1", "m"],
        ["m", "v", "a1"],
      ],
    );
    const menu = node(flow, "m");
    const text = "Olá João, escolha:\n\n*1* - Vendas\n*2* - Suporte";
    expect(visitNode(flow, menu, run(), contact)).toEqual({
      parts: [{ kind: "text", body: text }],
      move: { kind: "answer" },
    });
    expect(answerNode(flow, menu, " 1. ", run(), contact)).toEqual({
      parts: [],
      move: { kind: "goto", nodeId: "v" },
    });
    // Option 2 has no edge: the flow ends there.
    expect(answerNode(flow, menu, "2", run(), contact)?.move).toEqual({ kind: "goto", nodeId: null });
    for (const invalid of ["3", "oi", "0"]) {
      expect(answerNode(flow, menu, invalid, run(), contact)).toEqual({
        parts: [{ kind: "text", body: text }],
        move: { kind: "answer" },
      });
    }
  });

  it("keeps a question's answer under its answerKey", () => {
    const flow = doc(
      [
        { id: "q", type: "question", data: { typebotIntegration: { message: "Seu nome?", answerKey: "nome" } } },
        { id: "n", type: "message", data: { label: "Obrigado {{nome}}" } },
      ],
      [["q", "n"]],
    );
    expect(answerNode(flow, node(flow, "q"), "  Maria  ", run(), contact)).toEqual({
      parts: [],
      move: { kind: "goto", nodeId: "n" },
      variables: { nome: "Maria" },
    });
  });

  it("branches a randomizer by its percent, the same way on every retry of a step", () => {
    const flow = doc(
      [
        { id: "r", type: "randomizer", data: { percent: 30 } },
        { id: "a", type: "message", data: { label: "A" } },
        { id: "b", type: "message", data: { label: "B" } },
      ],
      [
        ["r", "a", "a"],
        ["r", "b", "b"],
      ],
    );
    const randomizer = node(flow, "r");
    let a = 0;
    for (let seq = 0; seq < 2000; seq++) {
      const move = visitNode(flow, randomizer, run({ seq }), contact).move;
      expect(visitNode(flow, randomizer, run({ seq }), contact).move).toEqual(move);
      if (move.kind === "goto" && move.nodeId === "a") a++;
    }
    expect(a / 2000).toBeGreaterThan(0.26);
    expect(a / 2000).toBeLessThan(0.34);
    expect(roll(1, 1, 0)).toBe(roll(1, 1, 0));

    // The visits of one step (one seq) draw apart from each other, as evenly.
    let b = 0;
    for (let visit = 0; visit < 2000; visit++) {
      const move = visitNode(flow, randomizer, run({ seq: 5, visit }), contact).move;
      expect(visitNode(flow, randomizer, run({ seq: 5, visit }), contact).move).toEqual(move);
      if (move.kind === "goto" && move.nodeId === "b") b++;
    }
    expect(b / 2000).toBeGreaterThan(0.66);
    expect(b / 2000).toBeLessThan(0.74);
  });

  it("compares a variable for a condition", () => {
    const flow = doc(
      [
        { id: "c", type: "condition", data: { key: "{{idade}}", condition: "greater", value: "17" } },
        { id: "y", type: "message", data: { label: "maior" } },
        { id: "n", type: "message", data: { label: "menor" } },
      ],
      [
        ["c", "y", "a"],
        ["c", "n", "b"],
      ],
    );
    const condition = node(flow, "c");
    expect(visitNode(flow, condition, run({ variables: { idade: "30" } }), contact).move).toEqual({
      kind: "goto",
      nodeId: "y",
    });
    expect(visitNode(flow, condition, run({ variables: { idade: "12" } }), contact).move).toEqual({
      kind: "goto",
      nodeId: "n",
    });
  });

  it("waits an interval before the next node, and a content sequence at its interval element", () => {
    const flow = doc(
      [
        { id: "i", type: "interval", data: { sec: 5 } },
        {
          id: "s",
          type: "singleBlock",
          data: {
            seq: ["message0", "interval0", "img0", "message1"],
            elements: [
              { type: "message", number: "message0", value: "um" },
              { type: "interval", number: "interval0", value: 2 },
              { type: "img", number: "img0", value: "foto.png" },
              { type: "message", number: "message1", value: "dois" },
            ],
          },
        },
        { id: "end", type: "ticket", data: { data: { id: 4, name: "Suporte" } } },
      ],
      [
        ["i", "s"],
        ["s", "end"],
      ],
    );
    expect(visitNode(flow, node(flow, "i"), run(), contact).move).toEqual({
      kind: "interval",
      seconds: 5,
      nodeId: "s",
      part: 0,
    });
    const content = node(flow, "s");
    expect(visitNode(flow, content, run(), contact)).toEqual({
      parts: [{ kind: "text", body: "um" }],
      move: { kind: "interval", seconds: 2, nodeId: "s", part: 2 },
    });
    expect(visitNode(flow, content, run({ part: 2 }), contact)).toEqual({
      parts: [
        { kind: "media", name: "foto.png" },
        { kind: "text", body: "dois" },
      ],
      move: { kind: "goto", nodeId: "end" },
    });
    expect(visitNode(flow, node(flow, "end"), run(), contact).move).toEqual({ kind: "ticket", queueId: 4 });
  });

  it("sends an audio node's and an audio element's file as a voice note when marked as recorded", () => {
    const flow = doc(
      [
        { id: "a", type: "audio", data: { url: "voz.ogg", record: true } },
        { id: "f", type: "audio", data: { url: "musica.mp3" } },
        {
          id: "s",
          type: "singleBlock",
          data: {
            seq: ["audio0", "img0"],
            elements: [
              { type: "audio", number: "audio0", value: "nota.mp3", record: true },
              { type: "img", number: "img0", value: "foto.png" },
            ],
          },
        },
      ],
      [],
    );
    expect(visitNode(flow, node(flow, "a"), run(), contact).parts).toEqual([
      { kind: "media", name: "voz.ogg", voiceNote: true },
    ]);
    // record defaults to false: a file, whatever its type.
    expect(visitNode(flow, node(flow, "f"), run(), contact).parts).toEqual([
      { kind: "media", name: "musica.mp3", voiceNote: false },
    ]);
    expect(visitNode(flow, node(flow, "s"), run(), contact).parts).toEqual([
      { kind: "media", name: "nota.mp3", voiceNote: true },
      { kind: "media", name: "foto.png" },
    ]);
  });

  it("derives message ids from the run, the step's seq and the part's place in the step", () => {
    expect(flowMessageId(7, 3, 1)).toBe("3EB0F0000000700000003001");
    expect(new Set([flowMessageId(1, 2, 0), flowMessageId(1, 3, 0), flowMessageId(2, 2, 0)]).size).toBe(3);
  });
});
