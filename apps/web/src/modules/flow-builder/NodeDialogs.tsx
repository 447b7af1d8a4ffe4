import type { FlowNodeOf, FlowNodeType } from "@atendo/shared";
import { ContentDialog } from "./dialogs/ContentDialog";
import type { DialogMode } from "./dialogs/FlowDialog";
import { IntervalDialog } from "./dialogs/IntervalDialog";
import { MediaDialog } from "./dialogs/MediaDialog";
import { MenuDialog } from "./dialogs/MenuDialog";
import { MessageDialog } from "./dialogs/MessageDialog";
import { OpenAiDialog } from "./dialogs/OpenAiDialog";
import { QuestionDialog } from "./dialogs/QuestionDialog";
import { RandomizerDialog } from "./dialogs/RandomizerDialog";
import { TicketDialog } from "./dialogs/TicketDialog";
import { TypebotDialog } from "./dialogs/TypebotDialog";
import type { CanvasNode } from "./flowDocument";

/** The node types a dialog creates or edits: all but the start node and the condition, which the spec gives no dialog. */
export type DialogNodeType = Exclude<FlowNodeType, "start" | "condition">;

export const hasDialog = (type: FlowNodeType | undefined): type is DialogNodeType =>
  type !== undefined && type !== "start" && type !== "condition";

/** An open dialog: what it makes, and the node it edits. */
export interface OpenDialog {
  mode: DialogMode;
  type: DialogNodeType;
  /** The edited node; null when creating. */
  node: CanvasNode | null;
}

export interface NodeDialogsProps {
  dialog: OpenDialog;
  variables: readonly string[];
  onClose: () => void;
  /** The result: the node's type (the composer may make another than it was opened for) and data. */
  onSave: (type: FlowNodeType, data: Record<string, unknown>) => void;
}

/** The dialog of the node type being created or edited. */
export function NodeDialogs({ dialog, variables, onClose, onSave }: NodeDialogsProps) {
  const { mode, type } = dialog;
  // The edited node is of the dialog's type: the page opens a node's dialog by its type.
  const props = <T extends DialogNodeType>(nodeType: T) => ({
    mode,
    onClose,
    initial: (dialog.node?.data ?? null) as FlowNodeOf<T>["data"] | null,
    onSave: (value: FlowNodeOf<T>["data"]) => onSave(nodeType, value),
  });

  switch (type) {
    case "message":
      return <MessageDialog {...props("message")} variables={variables} />;
    case "interval":
      return <IntervalDialog {...props("interval")} />;
    case "menu":
      return <MenuDialog {...props("menu")} variables={variables} />;
    case "img":
    case "audio":
    case "video":
      return <MediaDialog {...props(type)} kind={type} />;
    case "randomizer":
      return <RandomizerDialog {...props("randomizer")} />;
    case "ticket":
      return <TicketDialog {...props("ticket")} />;
    case "singleBlock":
      return (
        <ContentDialog
          {...props("singleBlock")}
          variables={variables}
          onSave={(node) => onSave(node.type, node.data)}
        />
      );
    case "typebot":
      return <TypebotDialog {...props("typebot")} />;
    case "openai":
      return <OpenAiDialog {...props("openai")} />;
    case "question":
      return <QuestionDialog {...props("question")} variables={variables} />;
  }
}
