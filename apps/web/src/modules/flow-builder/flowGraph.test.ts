import { FLOW_NODE_ID_LENGTH, newFlowNodeId } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { duplicatePosition, NODE_WIDTH, newNodePosition, withConnection, withoutNode } from "./flowGraph";

const at = (id: string, x: number, y: number, width?: number) => ({
  id,
  position: { x, y },
  ...(width === undefined ? {} : { measured: { width } }),
});
const edge = (source: string, target: string, sourceHandle: string | null = null) => ({
  id: `${source}-${sourceHandle ?? ""}-${target}`,
  source,
  target,
  sourceHandle,
});

describe("node ids", () => {
  it("are 30 random alphanumeric characters", () => {
    const ids = Array.from({ length: 200 }, newFlowNodeId);
    for (const id of ids) expect(id).toMatch(new RegExp(`^[A-Za-z0-9]{${FLOW_NODE_ID_LENGTH}}$`));
    expect(FLOW_NODE_ID_LENGTH).toBe(30);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("placement", () => {
  it("puts a new node 40 units past the right edge of the last node, at its height", () => {
    const nodes = [at("1", 250, 100, 260), at("a", 900, 40, 300), at("b", 600, 320, 180)];
    // The last in the list, not the rightmost.
    expect(newNodePosition(nodes)).toEqual({ x: 600 + 180 + 40, y: 320 });
  });

  it("takes the cards' drawn width for a node not measured yet", () => {
    expect(newNodePosition([at("1", 250, 100)])).toEqual({ x: 250 + NODE_WIDTH + 40, y: 100 });
  });

  it("puts a duplicate 240 units right of the rightmost node, at the original's height", () => {
    const nodes = [at("1", 250, 100), at("a", 900, 40), at("b", 600, 320)];
    expect(duplicatePosition(nodes, nodes[2]!)).toEqual({ x: 900 + 240, y: 320 });
    expect(duplicatePosition(nodes, nodes[1]!)).toEqual({ x: 1140, y: 40 });
  });
});

describe("graph edits", () => {
  it("deletes a node with every connection attached to it, and nothing else", () => {
    const nodes = [at("1", 0, 0), at("a", 1, 0), at("b", 2, 0)];
    const edges = [edge("1", "a"), edge("a", "b"), edge("1", "b")];
    const graph = withoutNode(nodes, edges, "a");
    expect(graph.nodes.map((node) => node.id)).toEqual(["1", "b"]);
    expect(graph.edges.map((item) => item.id)).toEqual([edge("1", "b").id]);
  });

  it("gives each source handle one connection: a new one from the same handle replaces it", () => {
    const make = (connection: { id: string; source: string; target: string; sourceHandle?: string | null }) => ({
      ...connection,
      sourceHandle: connection.sourceHandle ?? null,
    });
    let edges = withConnection([], { source: "menu", target: "x", sourceHandle: "a1" }, make);
    edges = withConnection(edges, { source: "menu", target: "y", sourceHandle: "a2" }, make);
    edges = withConnection(edges, { source: "menu", target: "z", sourceHandle: "a1" }, make);
    expect(edges.map((item) => [item.sourceHandle, item.target])).toEqual([
      ["a2", "y"],
      ["a1", "z"],
    ]);
    // A single unnamed source likewise.
    edges = withConnection(edges, { source: "msg", target: "x" }, make);
    edges = withConnection(edges, { source: "msg", target: "y", sourceHandle: null }, make);
    expect(edges.filter((item) => item.source === "msg").map((item) => item.target)).toEqual(["y"]);
  });

  it("refuses a node connected to itself", () => {
    expect(withConnection([], { source: "a", target: "a" }, (connection) => connection)).toEqual([]);
  });
});
