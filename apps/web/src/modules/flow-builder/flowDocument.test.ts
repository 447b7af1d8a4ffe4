import { type FlowContent, FlowDocument } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { type CanvasEdge, type CanvasNode, canvasOf, documentOf } from "./flowDocument";

describe("the saved document", () => {
  it("starts a new flow with the start node id 1 at 250,100, which cannot be deleted", () => {
    const { nodes, edges } = canvasOf(null);
    expect(nodes).toEqual([
      { id: "1", type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" }, deletable: false },
    ]);
    expect(edges).toEqual([]);
  });

  it("keeps each node's id, type, position and data and each edge's ends, leaving the canvas's view state behind", () => {
    const nodes: CanvasNode[] = [
      ...canvasOf(null).nodes,
      {
        id: "x".repeat(30),
        type: "randomizer",
        position: { x: 600.4, y: 99.6 },
        data: { percent: 30 },
        selected: true,
        dragging: false,
        measured: { width: 260, height: 90 },
      },
    ];
    const edges: CanvasEdge[] = [{ id: "e1", source: "1", target: "x".repeat(30), selected: true, animated: true }];
    const document = documentOf(7, nodes, edges);
    expect(document).toEqual({
      idFlow: 7,
      nodes: [
        { id: "1", type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" } },
        { id: "x".repeat(30), type: "randomizer", position: { x: 600, y: 100 }, data: { percent: 30 } },
      ],
      connections: [{ id: "e1", source: "1", target: "x".repeat(30), sourceHandle: null, targetHandle: null }],
    });
    expect(FlowDocument.safeParse(document).success).toBe(true);
  });

  it("draws a saved document as it was stored", () => {
    const menu = "m".repeat(30);
    const content: FlowContent = {
      nodes: [
        { id: "1", type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" } },
        {
          id: menu,
          type: "menu",
          position: { x: 550, y: 100 },
          data: { message: "Escolha", arrayOption: [{ number: 1, value: "Vendas" }] },
        },
      ],
      connections: [{ id: "e", source: "1", target: menu, sourceHandle: null, targetHandle: null }],
    };
    const drawn = canvasOf(content);
    expect(drawn.nodes.map((node) => node.deletable)).toEqual([false, true]);
    expect(documentOf(3, drawn.nodes, drawn.edges)).toEqual({ idFlow: 3, ...content });
  });
});
