import ConstructionOutlinedIcon from "@mui/icons-material/ConstructionOutlined";
import { Box, Button, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { MainContainer } from "./PageShell";

/** Stand-in for the screens later issues build. */
export function NotAvailableYet({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <MainContainer>
      <Box
        role="status"
        sx={{
          flex: 1,
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "center",
          textAlign: "center",
          gap: 2,
          py: 8,
        }}
      >
        <ConstructionOutlinedIcon sx={{ fontSize: 72, color: "text.disabled" }} aria-hidden />
        {title ? (
          <Typography variant="overline" color="text.secondary">
            {title}
          </Typography>
        ) : null}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t("notAvailable.title")}
        </Typography>
        <Typography color="text.secondary">{t("notAvailable.description")}</Typography>
        <Button component={RouterLink} to="/tickets" variant="outlined" color="inherit">
          {t("notAvailable.back")}
        </Button>
      </Box>
    </MainContainer>
  );
}

export default NotAvailableYet;
