import type { Help } from "@atendo/shared";
import MenuBookOutlinedIcon from "@mui/icons-material/MenuBookOutlined";
import PlayCircleOutlineIcon from "@mui/icons-material/PlayCircleOutlined";
import { alpha, Box, Card, CardActionArea, CardContent, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { thumbnailUrl, youtubeCode } from "./youtube";

/** A play-icon tile shown when the thumbnail does not load (offline, blocked image). */
function ThumbnailFallback() {
  return (
    <Box
      sx={{
        position: "absolute",
        inset: 0,
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        gap: 0.5,
        color: "text.secondary",
        background: (theme) =>
          theme.palette.mode === "light"
            ? "linear-gradient(135deg, #FFF3C4 0%, #FFE082 100%)"
            : "linear-gradient(135deg, #2c2c2c 0%, #3a3a3a 100%)",
      }}
    >
      <PlayCircleOutlineIcon sx={{ fontSize: 56 }} aria-hidden />
    </Box>
  );
}

/**
 * An entry without a video is a written guide: its whole text, under a reading icon, and nothing
 * to click. The spec's cards are videos, but the help tab saves an entry without one (the demo's
 * entries are such guides): a grey "video unavailable" tile said the product was broken.
 */
function HelpGuideCard({ help }: { help: Help }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: "100%" }} data-testid="help-guide">
      <CardContent>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 1.5 }}>
          <Box
            aria-hidden
            sx={{
              display: "grid",
              placeItems: "center",
              width: 40,
              height: 40,
              flexShrink: 0,
              borderRadius: "50%",
              bgcolor: (theme) => alpha(theme.palette.primary.main, 0.16),
              color: "text.primary",
            }}
          >
            <MenuBookOutlinedIcon fontSize="small" />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {help.title}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t("helps.guide")}
            </Typography>
          </Box>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "pre-line" }}>
          {help.description}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function HelpCard({ help, onOpen }: { help: Help; onOpen: (help: Help) => void }) {
  const code = youtubeCode(help.video);
  return code ? <HelpVideoCard help={help} code={code} onOpen={onOpen} /> : <HelpGuideCard help={help} />;
}

function HelpVideoCard({ help, code, onOpen }: { help: Help; code: string; onOpen: (help: Help) => void }) {
  const { t } = useTranslation();
  const [imageFailed, setImageFailed] = useState(false);

  return (
    <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
      <CardActionArea
        onClick={() => onOpen(help)}
        aria-label={t("helps.play", { title: help.title })}
        sx={{ flex: 1, display: "flex", flexDirection: "column", alignItems: "stretch", justifyContent: "flex-start" }}
      >
        <Box sx={{ position: "relative", pt: "56.25%", bgcolor: "action.hover", overflow: "hidden" }}>
          {!imageFailed ? (
            <>
              <Box
                component="img"
                src={thumbnailUrl(code)}
                alt=""
                loading="lazy"
                onError={() => setImageFailed(true)}
                sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "cover" }}
              />
              <PlayCircleOutlineIcon
                aria-hidden
                sx={{
                  position: "absolute",
                  top: "50%",
                  left: "50%",
                  transform: "translate(-50%, -50%)",
                  fontSize: 56,
                  color: "#fff",
                  filter: "drop-shadow(0 2px 6px rgba(0,0,0,0.5))",
                }}
              />
            </>
          ) : (
            <ThumbnailFallback />
          )}
        </Box>
        <CardContent sx={{ flex: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {help.title}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: "-webkit-box", WebkitLineClamp: 3, WebkitBoxOrient: "vertical", overflow: "hidden" }}
          >
            {help.description}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
