import RefreshIcon from "@mui/icons-material/Refresh";
import { Button } from "@mui/material";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router-dom";
import { EmptyState } from "../components/EmptyState";

/**
 * What the router shows when a page fails to render, instead of its developer screen: most
 * often a page's code chunk that a new deployment replaced, which a reload fetches again.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <EmptyState title={t("errors.generic")}>
      <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
        {t("userMenu.refresh")}
      </Button>
    </EmptyState>
  );
}
