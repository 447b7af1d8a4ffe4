import {
  FLOW_START_NODE_ID,
  type FlowContent,
  type FlowDocumentInput,
  type FlowEdge,
  type FlowNode,
  type FlowNodeOf,
  type FlowNodeType,
  initialFlowContent,
} from "@atendo/shared";
import type { Edge, Node } from "@xyflow/react";

/** A node as the canvas holds it: the document's node plus the canvas's view state. */
export type CanvasNode = Node<Record<string, unknown>, FlowNodeType>;
/** One node type as its card receives it. */
export type CanvasNodeOf<T extends FlowNodeType> = Node<FlowNodeOf<T>["data"] & Record<string, unknown>, T>;
export type CanvasEdge = Edge;

/** The canvas's node for a document node: the start node cannot be deleted (document 2: no icons on it). */
export function toCanvasNode(node: FlowNode): CanvasNode {
  const { id, type, position, data } = node;
  return { id, type, position: { ...position }, data, deletable: node.id !== FLOW_START_NODE_ID };
}

export function toCanvasEdge(edge: FlowEdge): CanvasEdge {
  return {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    sourceHandle: edge.sourceHandle ?? null,
    targetHandle: edge.targetHandle ?? null,
  };
}

/** What the canvas starts with: the saved content, or a new flow's start node alone. */
export function canvasOf(content: FlowContent | null): { nodes: CanvasNode[]; edges: CanvasEdge[] } {
  const source = content ?? initialFlowContent();
  return { nodes: source.nodes.map(toCanvasNode), edges: source.connections.map(toCanvasEdge) };
}

/**
 * The document POST /flowbuilder/flow stores: each node's id, type, position and
 * data, each edge's ends and handles; the canvas's view state (selection, measured
 * sizes, dragging) stays behind.
 */
export function documentOf(
  idFlow: number,
  nodes: readonly CanvasNode[],
  edges: readonly CanvasEdge[],
): FlowDocumentInput {
  return {
    idFlow,
    nodes: nodes.map(
      (node) =>
        ({
          id: node.id,
          type: node.type,
          position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
          data: node.data,
        }) as FlowNode,
    ),
    connections: edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      sourceHandle: edge.sourceHandle ?? null,
      targetHandle: edge.targetHandle ?? null,
    })),
  };
}

/** The answer keys of the question nodes, in the flow's order (of the saved document or of the canvas). */
export function answerKeysOf(nodes: readonly { type?: string; data: unknown }[]): string[] {
  return nodes.flatMap((node) =>
    node.type === "question" ? [(node.data as FlowNodeOf<"question">["data"]).typebotIntegration.answerKey] : [],
  );
}
