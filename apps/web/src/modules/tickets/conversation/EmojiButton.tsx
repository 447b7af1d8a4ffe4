import InsertEmoticonIcon from "@mui/icons-material/InsertEmoticon";
import { CircularProgress, IconButton, Popover, Tooltip } from "@mui/material";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

const EmojiPicker = lazy(() => import("./EmojiPicker"));

/** Opens the emoji picker above the composer; it stays open so several emojis can be picked. */
export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t("conversation.composer.emoji")}>
        <IconButton aria-label={t("conversation.composer.emoji")} onClick={(event) => setAnchor(event.currentTarget)}>
          <InsertEmoticonIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "top", horizontal: "left" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
      >
        <Suspense fallback={<CircularProgress size={24} sx={{ m: 2 }} />}>
          <EmojiPicker onPick={onPick} />
        </Suspense>
      </Popover>
    </>
  );
}
