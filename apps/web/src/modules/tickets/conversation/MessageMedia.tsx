import type { TicketMessage } from "@atendo/shared";
import DescriptionIcon from "@mui/icons-material/Description";
import DownloadIcon from "@mui/icons-material/Download";
import LocationOnIcon from "@mui/icons-material/LocationOn";
import PhoneMissedIcon from "@mui/icons-material/PhoneMissed";
import { Box, Button, Dialog, Divider, Link, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BACKEND_URL } from "../../../api/client";
import { ContactAvatar } from "../../contacts/ContactAvatar";
import { parseLocation, parseVcard, safeUrl } from "./messageContent";
import { WhatsappText } from "./WhatsappText";

/** Media are public paths on the API's host. */
const mediaSrc = (url: string | null) =>
  url ? (url.startsWith("/") ? `${BACKEND_URL}${url}` : safeUrl(url)) : undefined;

const textSx = { whiteSpace: "pre-wrap", wordBreak: "break-word", pr: 3 } as const;

/** A caption is shown when it says more than the file name the server stores as the body. */
function Caption({ message }: { message: TicketMessage }) {
  if (!message.body || message.body === message.mediaName) return null;
  return (
    <Typography variant="body2" sx={{ ...textSx, mt: 0.5 }}>
      <WhatsappText text={message.body} />
    </Typography>
  );
}

export function MessageMedia({ message, onMediaLoad }: { message: TicketMessage; onMediaLoad: () => void }) {
  const { t } = useTranslation();
  const [enlarged, setEnlarged] = useState(false);
  const src = mediaSrc(message.mediaUrl);

  switch (message.mediaType) {
    case "image":
      if (!src) break;
      return (
        <>
          <Box
            component="img"
            src={src}
            alt={message.mediaName ?? t("conversation.media.image")}
            onLoad={onMediaLoad}
            onClick={() => setEnlarged(true)}
            data-testid="message-image"
            sx={{
              display: "block",
              maxWidth: "100%",
              width: 260,
              maxHeight: 320,
              objectFit: "cover",
              borderRadius: 1,
              cursor: "zoom-in",
            }}
          />
          <Caption message={message} />
          <Dialog open={enlarged} onClose={() => setEnlarged(false)} maxWidth="lg">
            <Box
              component="img"
              src={src}
              alt={message.mediaName ?? t("conversation.media.image")}
              onClick={() => setEnlarged(false)}
              sx={{ display: "block", maxWidth: "100%", maxHeight: "90vh", cursor: "zoom-out" }}
            />
          </Dialog>
        </>
      );
    case "audio":
      if (!src) break;
      return (
        <Box sx={{ pr: 3 }}>
          <Box
            component="audio"
            controls
            preload="metadata"
            src={src}
            sx={{ width: { xs: 220, sm: 280 }, maxWidth: "100%" }}
          />
        </Box>
      );
    case "video":
      if (!src) break;
      return (
        <>
          <Box
            component="video"
            controls
            preload="metadata"
            src={src}
            onLoadedMetadata={onMediaLoad}
            sx={{ display: "block", maxWidth: "100%", width: 300, maxHeight: 320, borderRadius: 1 }}
          />
          <Caption message={message} />
        </>
      );
    case "application":
      if (!src) break;
      return (
        <>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, pr: 3, py: 0.5 }}>
            <DescriptionIcon color="action" />
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0, wordBreak: "break-all" }}>
              {message.mediaName ?? message.body}
            </Typography>
          </Box>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            href={src}
            target="_blank"
            rel="noopener noreferrer"
            download={message.mediaName ?? true}
          >
            {t("conversation.media.download")}
          </Button>
          <Caption message={message} />
        </>
      );
    case "locationMessage":
      return <LocationContent body={message.body} onMediaLoad={onMediaLoad} />;
    case "vcard":
    case "contactMessage":
      return <ContactCard body={message.body} />;
    case "call_log":
      return (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, pr: 3 }}>
          <PhoneMissedIcon color="error" fontSize="small" />
          <Typography variant="body2">{message.body || t("conversation.media.call_log")}</Typography>
        </Box>
      );
    default:
      break;
  }
  return (
    <Typography variant="body2" component="div" sx={textSx}>
      <WhatsappText
        text={message.body || (message.mediaType === "chat" ? "" : t(`conversation.media.${message.mediaType}`))}
      />
    </Typography>
  );
}

function LocationContent({ body, onMediaLoad }: { body: string; onMediaLoad: () => void }) {
  const { t } = useTranslation();
  const location = parseLocation(body);
  // The map image comes from a third party (a map tile): unreachable, it is left out rather than shown broken.
  const [imageFailed, setImageFailed] = useState(false);
  const image = imageFailed ? undefined : safeUrl(location.imageUrl);
  const link = safeUrl(location.link);
  return (
    <Box sx={{ pr: 3 }} data-testid="message-location">
      {image ? (
        <Box
          component="img"
          src={image}
          alt={t("conversation.media.locationMessage")}
          onLoad={onMediaLoad}
          onError={() => setImageFailed(true)}
          sx={{ display: "block", maxWidth: "100%", width: 240, borderRadius: 1 }}
        />
      ) : null}
      {link ? (
        <Link
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, mt: 0.5 }}
        >
          <LocationOnIcon fontSize="small" />
          {t("conversation.media.openLocation")}
        </Link>
      ) : null}
      {location.description ? (
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", mt: 0.5 }}>
          {location.description}
        </Typography>
      ) : null}
    </Box>
  );
}

function ContactCard({ body }: { body: string }) {
  const { t } = useTranslation();
  const contact = parseVcard(body);
  return (
    <Box data-testid="message-contact-card" sx={{ minWidth: 200, pr: 3 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, py: 0.5 }}>
        <ContactAvatar name={contact.name || "?"} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap>
            {contact.name || t("conversation.media.vcard")}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {contact.number}
          </Typography>
        </Box>
      </Box>
      <Divider />
    </Box>
  );
}
