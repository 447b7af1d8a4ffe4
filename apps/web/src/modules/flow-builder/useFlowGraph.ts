import { type FlowContent, type FlowNode, type FlowNodeType, flowSourceHandles, newFlowNodeId } from "@atendo/shared";
import { type Connection, type EdgeChange, type NodeChange, useEdgesState, useNodesState } from "@xyflow/react";
import { useCallback, useState } from "react";
import { type CanvasEdge, type CanvasNode, canvasOf } from "./flowDocument";
import { duplicatePosition, newNodePosition, withConnection, withoutNode } from "./flowGraph";

/** Changes that alter the document; selection and measuring do not. */
const nodeChangeEdits = (change: NodeChange<CanvasNode>) =>
  change.type === "remove" ||
  change.type === "add" ||
  change.type === "replace" ||
  // A drag counts once it ends; a move by the arrow keys carries no drag at all.
  (change.type === "position" && !change.dragging);
const edgeChangeEdits = (change: EdgeChange<CanvasEdge>) => change.type !== "select";

/**
 * The canvas's nodes and edges and every edit the builder makes to them, with a
 * flag telling whether there are edits since the last load or save.
 */
export function useFlowGraph() {
  const [initial] = useState(() => canvasOf(null));
  const [nodes, setNodes, applyNodeChanges] = useNodesState<CanvasNode>(initial.nodes);
  const [edges, setEdges, applyEdgeChanges] = useEdgesState<CanvasEdge>(initial.edges);
  const [dirty, setDirty] = useState(false);

  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasNode>[]) => {
      applyNodeChanges(changes);
      if (changes.some(nodeChangeEdits)) setDirty(true);
    },
    [applyNodeChanges],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<CanvasEdge>[]) => {
      applyEdgeChanges(changes);
      if (changes.some(edgeChangeEdits)) setDirty(true);
    },
    [applyEdgeChanges],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      setEdges((current) => withConnection(current, connection, (edge) => edge));
      setDirty(true);
    },
    [setEdges],
  );

  /** The saved content (or a new flow's start node), with no edits pending. */
  const load = useCallback(
    (content: FlowContent | null) => {
      const next = canvasOf(content);
      setNodes(next.nodes);
      setEdges(next.edges);
      setDirty(false);
    },
    [setNodes, setEdges],
  );

  /** A new node, 40 units past the last one. */
  const add = useCallback(
    (type: FlowNodeType, data: Record<string, unknown>) => {
      setNodes((current) => [...current, { id: newFlowNodeId(), type, data, position: newNodePosition(current) }]);
      setDirty(true);
    },
    [setNodes],
  );

  /**
   * The node with new data at the same id. Connections from source handles the node
   * no longer has (a menu's removed last option) go with them.
   */
  const update = useCallback(
    (nodeId: string, type: FlowNodeType, data: Record<string, unknown>) => {
      const handles = flowSourceHandles({ id: nodeId, type, data, position: { x: 0, y: 0 } } as FlowNode);
      setNodes((current) => current.map((node) => (node.id === nodeId ? { ...node, type, data } : node)));
      setEdges((current) =>
        current.filter((edge) => edge.source !== nodeId || handles.includes(edge.sourceHandle ?? null)),
      );
      setDirty(true);
    },
    [setNodes, setEdges],
  );

  const duplicate = useCallback(
    (nodeId: string) => {
      setNodes((current) => {
        const original = current.find((node) => node.id === nodeId);
        if (!original?.type || original.type === "start") return current;
        const copy: CanvasNode = {
          id: newFlowNodeId(),
          type: original.type,
          data: structuredClone(original.data),
          position: duplicatePosition(current, original),
        };
        return [...current, copy];
      });
      setDirty(true);
    },
    [setNodes],
  );

  const remove = useCallback(
    (nodeId: string) => {
      const graph = withoutNode(nodes, edges, nodeId);
      setNodes(graph.nodes);
      setEdges(graph.edges);
      setDirty(true);
    },
    [nodes, edges, setNodes, setEdges],
  );

  return {
    nodes,
    edges,
    dirty,
    onNodesChange,
    onEdgesChange,
    onConnect,
    load,
    add,
    update,
    duplicate,
    remove,
    markSaved: useCallback(() => setDirty(false), []),
  };
}
