import AddIcon from "@mui/icons-material/Add";
import CloseIcon from "@mui/icons-material/Close";
import { SpeedDial, SpeedDialAction, SpeedDialIcon } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NODE_LOOKS } from "./nodes/nodeLooks";

/**
 * The blocks the floating menu creates. The first five are document 2's (Conteúdo,
 * Menu, Randomizador, Intervalo, Ticket); the spec lists question, OpenAI and
 * Typebot cards and dialogs without saying where they are created, so they follow here.
 */
export const MENU_BLOCKS = [
  { kind: "content", look: "singleBlock" },
  { kind: "menu", look: "menu" },
  { kind: "randomizer", look: "randomizer" },
  { kind: "interval", look: "interval" },
  { kind: "ticket", look: "ticket" },
  { kind: "question", look: "question" },
  { kind: "openai", look: "openai" },
  { kind: "typebot", look: "typebot" },
] as const;
export type MenuBlock = (typeof MENU_BLOCKS)[number]["kind"];

/** The floating menu over the canvas: each action opens its block's create dialog. */
export function FlowMenu({ onChoose }: { onChoose: (block: MenuBlock) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  return (
    <SpeedDial
      ariaLabel={t("flowBuilder.blocks.open")}
      direction="down"
      open={open}
      onOpen={(_event, reason) => {
        // A click or Enter opens it; hovering or focusing would open it under a pointer crossing the canvas.
        if (reason === "toggle") setOpen(true);
      }}
      onClose={(_event, reason) => {
        if (reason !== "mouseLeave") setOpen(false);
      }}
      icon={<SpeedDialIcon icon={<AddIcon />} openIcon={<CloseIcon />} />}
      sx={{ position: "absolute", top: 16, left: 16, zIndex: 5 }}
    >
      {MENU_BLOCKS.map((block) => {
        const { icon: Icon, color } = NODE_LOOKS[block.look];
        const label = t(`flowBuilder.blocks.${block.kind}`);
        return (
          <SpeedDialAction
            key={block.kind}
            icon={<Icon sx={{ color }} />}
            onClick={() => {
              setOpen(false);
              onChoose(block.kind);
            }}
            slotProps={{
              fab: { "aria-label": label },
              tooltip: { title: label, open: true, placement: "right" },
            }}
          />
        );
      })}
    </SpeedDial>
  );
}
