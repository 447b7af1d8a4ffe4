import type { Help } from "@atendo/shared";
import CloseIcon from "@mui/icons-material/Close";
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { embedUrl, youtubeCode } from "./youtube";

/** The video player; Escape or the close button closes it. */
export function HelpVideoModal({ help, onClose }: { help: Help | null; onClose: () => void }) {
  const { t } = useTranslation();
  const code = help ? youtubeCode(help.video) : "";
  return (
    <Dialog open={Boolean(help)} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="help-video-title">
      <DialogTitle id="help-video-title" sx={{ pr: 7 }}>
        {help?.title}
        <IconButton
          aria-label={t("common.close")}
          onClick={onClose}
          sx={{ position: "absolute", right: 8, top: 8 }}
          autoFocus
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ p: 0 }}>
        <Box sx={{ position: "relative", pt: "56.25%", bgcolor: "#000" }}>
          {code ? (
            <Box
              component="iframe"
              src={embedUrl(code)}
              title={help?.title ?? t("helps.playerTitle")}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 }}
            />
          ) : null}
        </Box>
        {help?.description ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2, whiteSpace: "pre-line" }}>
            {help.description}
          </Typography>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
