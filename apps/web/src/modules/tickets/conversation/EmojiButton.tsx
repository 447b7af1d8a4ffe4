import InsertEmoticonIcon from "@mui/icons-material/InsertEmoticon";
import { Box, CircularProgress, IconButton, Popover, type PopoverActions, Tooltip } from "@mui/material";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { EMOJI_PICKER_HEIGHT_PX } from "./emojiPickerSize";

const EmojiPicker = lazy(() => import("./EmojiPicker"));

/** Opens the emoji picker above the composer; it stays open so several emojis can be picked. */
export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popover = useRef<PopoverActions>(null);
  const placeAgain = useCallback(() => popover.current?.updatePosition(), []);
  return (
    <>
      <Tooltip title={t("conversation.composer.emoji")}>
        <IconButton aria-label={t("conversation.composer.emoji")} onClick={(event) => setAnchor(event.currentTarget)}>
          <InsertEmoticonIcon />
        </IconButton>
      </Tooltip>
      <Popover
        action={popover}
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "top", horizontal: "left" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
      >
        <Suspense
          fallback={
            <Box sx={{ height: EMOJI_PICKER_HEIGHT_PX, width: 240, display: "grid", placeItems: "center" }}>
              <CircularProgress size={24} />
            </Box>
          }
        >
          <EmojiPicker onPick={onPick} onShown={placeAgain} />
        </Suspense>
      </Popover>
    </>
  );
}
