import { APP_VERSION } from "@atendo/shared";
import { Box, Container, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageMenu } from "../../components/LanguageMenu";
import { Logo } from "../../components/Logo";

/** The frame of the public pages: brand, card, language menu and footer. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        background: (theme) =>
          theme.palette.mode === "light"
            ? "linear-gradient(160deg, #FFF8DC 0%, #F5F5F4 45%, #F5F5F4 100%)"
            : "linear-gradient(160deg, #2a2618 0%, #121212 50%)",
      }}
    >
      <Box sx={{ display: "flex", justifyContent: "flex-end", p: 1.5 }}>
        <LanguageMenu color="default" />
      </Box>
      <Container component="main" maxWidth="xs" sx={{ flex: 1, display: "flex", alignItems: "center", py: 2 }}>
        <Paper variant="outlined" sx={{ width: "100%", p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
          <Box sx={{ display: "flex", justifyContent: "center", mb: 2 }}>
            <Logo size={40} />
          </Box>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, textAlign: "center" }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center", mt: 0.5 }}>
              {subtitle}
            </Typography>
          ) : null}
          <Box sx={{ mt: 3 }}>{children}</Box>
        </Paper>
      </Container>
      <Box component="footer" sx={{ textAlign: "center", py: 2, px: 2 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {t("common.copyright", { year: new Date().getFullYear() })}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" data-testid="app-version">
          {t("common.version", { version: APP_VERSION })}
        </Typography>
      </Box>
    </Box>
  );
}
