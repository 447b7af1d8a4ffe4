import type { Help } from "@atendo/shared";
import PlayCircleOutlineIcon from "@mui/icons-material/PlayCircleOutlined";
import { Box, Card, CardActionArea, CardContent, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { thumbnailUrl, youtubeCode } from "./youtube";

/** A play-icon tile shown when there is no thumbnail (no video, offline, blocked image). */
function ThumbnailFallback({ label }: { label?: string }) {
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
      {label ? <Typography variant="caption">{label}</Typography> : null}
    </Box>
  );
}

export function HelpCard({ help, onOpen }: { help: Help; onOpen: (help: Help) => void }) {
  const { t } = useTranslation();
  const code = youtubeCode(help.video);
  const [imageFailed, setImageFailed] = useState(false);

  return (
    <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
      <CardActionArea
        onClick={() => onOpen(help)}
        disabled={!code}
        aria-label={t("helps.play", { title: help.title })}
        sx={{ flex: 1, display: "flex", flexDirection: "column", alignItems: "stretch", justifyContent: "flex-start" }}
      >
        <Box sx={{ position: "relative", pt: "56.25%", bgcolor: "action.hover", overflow: "hidden" }}>
          {code && !imageFailed ? (
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
            <ThumbnailFallback label={code ? undefined : t("helps.noVideo")} />
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
