import { createContext, useContext } from "react";

/**
 * What a node card can do to the flow. The canvas library renders the cards with
 * only their own props, so the page hands these down through context.
 */
export interface FlowActions {
  duplicate: (nodeId: string) => void;
  remove: (nodeId: string) => void;
  /** The URL the browser loads a stored flow media file from. */
  mediaUrl: (name: string) => string;
}

export const FlowActionsContext = createContext<FlowActions | null>(null);

export function useFlowActions(): FlowActions {
  const actions = useContext(FlowActionsContext);
  if (!actions) throw new Error("a flow node card is drawn outside the flow builder");
  return actions;
}
