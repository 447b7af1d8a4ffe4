import { VOLUME } from "@atendo/shared";
import VolumeDownIcon from "@mui/icons-material/VolumeDown";
import VolumeOffIcon from "@mui/icons-material/VolumeOff";
import VolumeUpIcon from "@mui/icons-material/VolumeUp";
import { Box, IconButton, Popover, Tooltip, Typography } from "@mui/material";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useVolume } from "../useVolume";

// The top bar is on every screen; the slider is fetched when the volume popover first opens.
const Slider = lazy(() => import("@mui/material/Slider"));

export function VolumeControl() {
  const { t } = useTranslation();
  const [volume, setVolume] = useVolume();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const Icon = volume === 0 ? VolumeOffIcon : volume < 0.5 ? VolumeDownIcon : VolumeUpIcon;
  return (
    <>
      <Tooltip title={t("userMenu.volume")}>
        <IconButton
          aria-label={t("userMenu.volume")}
          color="inherit"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Icon />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
        transformOrigin={{ vertical: "top", horizontal: "center" }}
      >
        <Box sx={{ p: 2, width: 240, display: "flex", alignItems: "center", gap: 1.5 }}>
          <VolumeOffIcon fontSize="small" color="action" />
          <Suspense fallback={<Box sx={{ flex: 1 }} />}>
            <Slider
              aria-label={t("userMenu.volume")}
              value={volume}
              min={VOLUME.min}
              max={VOLUME.max}
              step={VOLUME.step}
              onChange={(_, value) => setVolume(Array.isArray(value) ? (value[0] ?? 0) : value)}
              valueLabelDisplay="auto"
              valueLabelFormat={(value) => `${Math.round(value * 100)}%`}
              color="secondary"
            />
          </Suspense>
          <VolumeUpIcon fontSize="small" color="action" />
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", textAlign: "center", pb: 1 }}>
          {t("userMenu.volume")}
        </Typography>
      </Popover>
    </>
  );
}
