import type { FlowNodeOf, FlowNodeType } from "@atendo/shared";
import type { DialogMode } from "./FlowDialog";

/** What the page hands each node dialog: its mode, the edited node's data, and where the result goes. */
export interface NodeDialogProps<T extends FlowNodeType> {
  mode: DialogMode;
  /** The node's data when editing; null when creating. */
  initial: FlowNodeOf<T>["data"] | null;
  onClose: () => void;
  /** Called with the node's new data once the dialog's rules pass; the dialog closes after it. */
  onSave: (data: FlowNodeOf<T>["data"]) => void;
}
