import type { SimulatorChatMessage } from "@atendo/shared";
import DescriptionOutlinedIcon from "@mui/icons-material/DescriptionOutlined";
import DoneIcon from "@mui/icons-material/Done";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import PersonOutlineIcon from "@mui/icons-material/PersonOutlineOutlined";
import PlaceOutlinedIcon from "@mui/icons-material/PlaceOutlined";
import ScheduleIcon from "@mui/icons-material/Schedule";
import { Box, Link, Stack, Tooltip, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../utils/date";
import { WhatsappText } from "../tickets/conversation/WhatsappText";
import { mapUrl, parseVcard } from "./simulatorApi";

interface MessageBubbleProps {
  message: SimulatorChatMessage;
  /** Sent by the customer this page acts as: drawn on the right, as on their phone. */
  mine: boolean;
  /** Group chats name each participant. */
  showSender: boolean;
  /** A preview of a file this page just sent, until the company's copy is there. */
  localUrl?: string;
}

/** The tick of a message: for the customer's, whether the company took it; for the company's, its ack. */
function Ticks({ message }: { message: SimulatorChatMessage }) {
  const { t } = useTranslation();
  if (message.direction === "inbound") {
    const label = message.received ? t("simulator.chat.received") : t("simulator.chat.pending");
    return (
      <Tooltip title={label}>
        <Box
          component="span"
          aria-label={label}
          sx={{ display: "inline-flex" }}
          data-received={String(message.received)}
        >
          {message.received ? <DoneAllIcon sx={{ fontSize: 16 }} /> : <ScheduleIcon sx={{ fontSize: 14 }} />}
        </Box>
      </Tooltip>
    );
  }
  const ack = message.ack ?? 1;
  const label = t(`simulator.chat.ack.${Math.min(Math.max(ack, 1), 3)}`);
  return (
    <Tooltip title={`${label} (ack ${ack})`}>
      <Box
        component="span"
        aria-label={label}
        data-testid="simulator-ack"
        data-ack={ack}
        sx={{ display: "inline-flex", color: ack >= 3 ? "info.main" : "inherit" }}
      >
        {ack >= 2 ? <DoneAllIcon sx={{ fontSize: 16 }} /> : <DoneIcon sx={{ fontSize: 16 }} />}
      </Box>
    </Tooltip>
  );
}

function Attachment({ message, localUrl }: { message: SimulatorChatMessage; localUrl?: string }) {
  const { t } = useTranslation();
  const url = message.mediaUrl ?? localUrl;
  if (message.mediaType === "locationMessage" && message.location) {
    const { lat, lng, description } = message.location;
    return (
      <Link
        href={mapUrl(lat, lng)}
        target="_blank"
        rel="noopener"
        sx={{ display: "flex", gap: 0.5, alignItems: "center" }}
      >
        <PlaceOutlinedIcon fontSize="small" />
        {description || `${lat}, ${lng}`}
      </Link>
    );
  }
  if ((message.mediaType === "vcard" || message.mediaType === "contactMessage") && message.vcard) {
    const card = parseVcard(message.vcard);
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <PersonOutlineIcon fontSize="small" />
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {card.name || t("simulator.chat.contactCard")}
          </Typography>
          <Typography variant="caption">{card.number}</Typography>
        </Box>
      </Stack>
    );
  }
  // A call record (a rejected call's notice) is text only.
  if (!message.mediaType || message.mediaType === "chat" || message.mediaType === "call_log") return null;
  const name = message.mediaName ?? t("simulator.chat.file");
  if (url && message.mediaType === "image") {
    return (
      <Box
        component="img"
        src={url}
        alt={name}
        sx={{ display: "block", maxWidth: "100%", maxHeight: 240, borderRadius: 1, objectFit: "contain" }}
      />
    );
  }
  if (url && message.mediaType === "audio") {
    // biome-ignore lint/a11y/useMediaCaption: a customer's voice note has no caption track
    return <audio controls src={url} aria-label={name} />;
  }
  if (url && message.mediaType === "video") {
    return <Box component="video" controls src={url} aria-label={name} sx={{ maxWidth: "100%", maxHeight: 240 }} />;
  }
  const label = (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
      <DescriptionOutlinedIcon fontSize="small" />
      <span>{name}</span>
    </Stack>
  );
  return url ? (
    <Link href={url} target="_blank" rel="noopener" download={name}>
      {label}
    </Link>
  ) : (
    label
  );
}

/** One message of the simulated chat, WhatsApp style. */
export function MessageBubble({ message, mine, showSender, localUrl }: MessageBubbleProps) {
  const { t } = useTranslation();
  const caption =
    message.mediaType === "locationMessage" || message.mediaType === "vcard" || message.mediaType === "contactMessage"
      ? ""
      : message.body;
  // The company's stored copy names the file in the body when there was no caption.
  const text = caption && caption !== message.mediaName ? caption : message.mediaType ? "" : caption;
  return (
    <Box
      data-testid="simulator-message"
      data-direction={message.direction}
      sx={{ display: "flex", justifyContent: mine ? "flex-end" : "flex-start" }}
    >
      <Box
        sx={(theme) => ({
          maxWidth: "75%",
          px: 1.5,
          py: 0.75,
          borderRadius: 2,
          boxShadow: 1,
          bgcolor: mine ? (theme.palette.mode === "light" ? "#d9fdd3" : "#005c4b") : "background.paper",
          borderTopRightRadius: mine ? 4 : undefined,
          borderTopLeftRadius: mine ? undefined : 4,
          overflowWrap: "anywhere",
        })}
      >
        {showSender ? (
          <Typography variant="caption" color="primary" sx={{ fontWeight: 700, display: "block" }}>
            {message.name || message.from}
          </Typography>
        ) : null}
        {message.deleted ? (
          <Typography variant="body2" sx={{ fontStyle: "italic", color: "text.secondary" }}>
            {t("simulator.chat.deleted")}
          </Typography>
        ) : (
          <Stack spacing={0.5}>
            <Attachment message={message} localUrl={localUrl} />
            {text ? (
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
                <WhatsappText text={text} />
              </Typography>
            ) : null}
          </Stack>
        )}
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ justifyContent: "flex-end", alignItems: "center", color: "text.secondary", mt: 0.25 }}
        >
          <Typography variant="caption">{formatTime(message.createdAt)}</Typography>
          <Ticks message={message} />
        </Stack>
      </Box>
    </Box>
  );
}
