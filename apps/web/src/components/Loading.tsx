import { Box, CircularProgress } from "@mui/material";
import { useTranslation } from "react-i18next";

/** Centered spinner for a page or the whole screen. */
export function Loading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      role="progressbar"
      aria-label={t("common.loading")}
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        flex: 1,
        width: "100%",
        height: fullScreen ? "100vh" : "100%",
        minHeight: 200,
      }}
    >
      <CircularProgress color="inherit" aria-hidden />
    </Box>
  );
}
