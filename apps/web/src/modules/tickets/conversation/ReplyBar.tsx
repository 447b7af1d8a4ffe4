import type { TicketMessage } from "@atendo/shared";
import CloseIcon from "@mui/icons-material/Close";
import { Box, IconButton, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

interface ReplyBarProps {
  replyTo: TicketMessage;
  /** The sender's name when the message does not carry its contact. */
  contactName: string;
  onCancel: () => void;
}

/** The message being replied to, above the composer, with a button to reply to nothing. */
export function ReplyBar({ replyTo, contactName, onCancel }: ReplyBarProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 1.5, pt: 1 }} data-testid="reply-bar">
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          borderLeft: 4,
          borderColor: "primary.main",
          bgcolor: "action.hover",
          borderRadius: 1,
          px: 1,
          py: 0.5,
        }}
      >
        <Typography variant="caption" sx={{ fontWeight: 700 }}>
          {replyTo.fromMe ? t("conversation.messages.you") : (replyTo.contact?.name ?? contactName)}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {replyTo.body || t(`conversation.media.${replyTo.mediaType}`)}
        </Typography>
      </Box>
      <IconButton aria-label={t("conversation.composer.cancelReply")} onClick={onCancel} size="small">
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
