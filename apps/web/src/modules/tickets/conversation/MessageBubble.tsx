import type { TicketMessage } from "@atendo/shared";
import AccessTimeIcon from "@mui/icons-material/AccessTime";
import DoneIcon from "@mui/icons-material/Done";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { Box, IconButton, Menu, MenuItem, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/client";
import { ConfirmationModal } from "../../../components/ConfirmationModal";
import { formatTime } from "../../../utils/date";
import { deleteMessage } from "./conversationApi";
import { MessageMedia } from "./MessageMedia";
import { ackState } from "./messageContent";
import { WhatsappText } from "./WhatsappText";

interface MessageBubbleProps {
  message: TicketMessage;
  isGroup: boolean;
  onReply: (message: TicketMessage) => void;
  onChanged: (message: TicketMessage) => void;
  onMediaLoad: () => void;
}

export function MessageBubble({ message, isGroup, onReply, onChanged, onMediaLoad }: MessageBubbleProps) {
  const { t } = useTranslation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { fromMe } = message;
  const sender = !fromMe && isGroup ? (message.participant ?? message.contact?.name) : undefined;

  const remove = async () => {
    try {
      onChanged(await deleteMessage(message.id));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Box
      data-testid={`message-${message.id}`}
      data-from-me={fromMe}
      data-ack={message.ack}
      sx={{
        alignSelf: fromMe ? "flex-end" : "flex-start",
        maxWidth: { xs: "88%", md: "70%" },
        minWidth: 96,
        position: "relative",
        px: 1.25,
        pt: 0.75,
        pb: 0.5,
        borderRadius: 2,
        borderTopRightRadius: fromMe ? 0 : undefined,
        borderTopLeftRadius: fromMe ? undefined : 0,
        boxShadow: 1,
        bgcolor: (theme) =>
          fromMe ? (theme.palette.mode === "dark" ? "#005c4b" : "#d9fdd3") : theme.palette.background.paper,
        color: "text.primary",
        "&:hover .message-menu, & .message-menu:focus-visible, & .message-menu[aria-expanded='true']": { opacity: 1 },
      }}
    >
      {message.isDeleted ? null : (
        <IconButton
          className="message-menu"
          size="small"
          aria-label={t("conversation.messages.options")}
          aria-haspopup="menu"
          aria-expanded={menuAnchor ? "true" : "false"}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          sx={{
            position: "absolute",
            top: 0,
            right: 0,
            opacity: 0,
            p: 0.25,
            bgcolor: "inherit",
            "&:hover": { bgcolor: "inherit" },
          }}
        >
          <ExpandMoreIcon fontSize="small" />
        </IconButton>
      )}
      {sender ? (
        <Typography variant="caption" component="div" sx={{ fontWeight: 700, color: "primary.main", pr: 3 }}>
          {sender}
        </Typography>
      ) : null}
      {message.quotedMsg ? <QuotedPreview quoted={message.quotedMsg} senderName={message.contact?.name} /> : null}
      {message.isDeleted ? (
        <Typography variant="body2" sx={{ fontStyle: "italic", color: "text.secondary", pr: 3 }}>
          {t("conversation.messages.deleted")}
        </Typography>
      ) : (
        <MessageMedia message={message} onMediaLoad={onMediaLoad} />
      )}
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 0.5, mt: 0.25 }}>
        {message.isEdited ? (
          <Typography variant="caption" color="text.secondary">
            {t("conversation.messages.edited")}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          {formatTime(message.createdAt)}
        </Typography>
        {fromMe ? <AckIcon ack={message.ack} /> : null}
      </Box>
      <Menu anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            onReply(message);
          }}
        >
          {t("conversation.messages.reply")}
        </MenuItem>
        {fromMe ? (
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              setConfirming(true);
            }}
          >
            {t("conversation.messages.delete")}
          </MenuItem>
        ) : null}
      </Menu>
      <ConfirmationModal
        open={confirming}
        title={t("conversation.messages.confirmDelete")}
        onClose={() => setConfirming(false)}
        onConfirm={remove}
      >
        {t("conversation.messages.confirmDeleteDetail")}
      </ConfirmationModal>
    </Box>
  );
}

/** The tick of an own message; its name (titleAccess) says the state, for screen readers and tests. */
function AckIcon({ ack }: { ack: number }) {
  const { t } = useTranslation();
  const state = ackState(ack);
  const props = {
    titleAccess: t(`conversation.messages.ack.${state}`),
    "data-testid": "ack",
    "data-ack-state": state,
  };
  if (state === "pending") return <AccessTimeIcon {...props} sx={{ fontSize: 16, color: "text.secondary" }} />;
  if (state === "sent") return <DoneIcon {...props} sx={{ fontSize: 16, color: "text.secondary" }} />;
  // Read is WhatsApp's blue; played (4, 5) the highlighted success colour.
  const color = state === "read" ? "#34b7f1" : state === "played" ? "success.main" : "text.secondary";
  return <DoneAllIcon {...props} sx={{ fontSize: 16, color }} />;
}

function QuotedPreview({
  quoted,
  senderName,
}: {
  quoted: NonNullable<TicketMessage["quotedMsg"]>;
  senderName: string | undefined;
}) {
  const { t } = useTranslation();
  const text = quoted.mediaType === "chat" ? quoted.body : quoted.body || t(`conversation.media.${quoted.mediaType}`);
  return (
    <Box
      data-testid="quoted-message"
      sx={{
        borderLeft: 4,
        borderColor: quoted.fromMe ? "success.main" : "primary.main",
        bgcolor: "action.hover",
        borderRadius: 1,
        px: 1,
        py: 0.5,
        mb: 0.5,
        mr: 3,
        overflow: "hidden",
      }}
    >
      <Typography variant="caption" sx={{ fontWeight: 700, display: "block" }}>
        {quoted.fromMe ? t("conversation.messages.you") : (senderName ?? "")}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{
          display: "-webkit-box",
          WebkitLineClamp: 3,
          WebkitBoxOrient: "vertical",
          overflow: "hidden",
          whiteSpace: "pre-wrap",
          wordBreak: "break-word",
        }}
      >
        <WhatsappText text={text} />
      </Typography>
    </Box>
  );
}
