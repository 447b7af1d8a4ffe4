import { FLOW_DUPLICATE_OFFSET, FLOW_NEW_NODE_GAP } from "@atendo/shared";

/** What the placement rules read of a node: where it is and, once drawn, how wide. */
export interface Placed {
  id: string;
  position: { x: number; y: number };
  width?: number;
  measured?: { width?: number; height?: number };
}

/** The graph operations read of an edge: the nodes it joins. */
export interface Joined {
  id: string;
  source: string;
  target: string;
}

/** A node card's width before the canvas has measured it (the cards are drawn this wide). */
export const NODE_WIDTH = 260;

const widthOf = (node: Placed) => node.measured?.width ?? node.width ?? NODE_WIDTH;

/** Where a new node goes: 40 units past the right edge of the last node, at its height. */
export function newNodePosition(nodes: readonly Placed[]): { x: number; y: number } {
  const last = nodes.at(-1);
  if (!last) return { x: 0, y: 0 };
  return { x: last.position.x + widthOf(last) + FLOW_NEW_NODE_GAP, y: last.position.y };
}

/** Where a duplicate of `original` goes: 240 units right of the rightmost node, at the original's height. */
export function duplicatePosition(nodes: readonly Placed[], original: Placed): { x: number; y: number } {
  const rightmost = Math.max(original.position.x, ...nodes.map((node) => node.position.x));
  return { x: rightmost + FLOW_DUPLICATE_OFFSET, y: original.position.y };
}

/** The graph without a node and every connection attached to it. */
export function withoutNode<N extends Placed, E extends Joined>(
  nodes: readonly N[],
  edges: readonly E[],
  nodeId: string,
): { nodes: N[]; edges: E[] } {
  return {
    nodes: nodes.filter((node) => node.id !== nodeId),
    edges: edges.filter((edge) => edge.source !== nodeId && edge.target !== nodeId),
  };
}

/** An edge's ends and handles, as a new connection gives them. */
export interface Connection {
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
}

/**
 * The edges with a new connection. A source handle leads to one next step (the
 * engine follows one edge per handle), so a connection from a handle that already
 * has one replaces it; a connection of a node to itself is refused.
 */
export function withConnection<E extends Joined & { sourceHandle?: string | null }>(
  edges: readonly E[],
  connection: Connection,
  makeEdge: (connection: Connection & { id: string }) => E,
): E[] {
  if (connection.source === connection.target) return [...edges];
  const handle = connection.sourceHandle ?? null;
  const kept = edges.filter((edge) => !(edge.source === connection.source && (edge.sourceHandle ?? null) === handle));
  const id = `reactflow__edge-${connection.source}${handle ?? ""}-${connection.target}${connection.targetHandle ?? ""}`;
  return [...kept, makeEdge({ ...connection, sourceHandle: handle, id })];
}
