import { Box, CircularProgress, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client";
import { BreakableText, ResponsiveTable } from "../../components/ResponsiveTable";
import { settingsKeys } from "./queries";

/**
 * The users of one company, fetched only when the super admin opens the row.
 * A load error is toasted by the global query handler (document 1 section 8).
 */
export function CompanyUsers({ companyId, companyName }: { companyId: number; companyName: string }) {
  const { t } = useTranslation();
  const users = useQuery({
    // Under the companies key: refreshing the companies refreshes an open list too.
    queryKey: [...settingsKeys.companies, companyId, "users"],
    queryFn: () => api.get("/users/list", { query: { companyId } }),
  });

  return (
    <Box sx={{ py: 1.5, px: { xs: 1, sm: 3 } }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t("settings.companies.companyUsers.title", { name: companyName })}
      </Typography>
      {users.isPending ? (
        <CircularProgress size={20} aria-label={t("settings.companies.companyUsers.title", { name: companyName })} />
      ) : (users.data ?? []).length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("settings.companies.companyUsers.empty")}
        </Typography>
      ) : (
        <ResponsiveTable
          label={t("settings.companies.companyUsers.title", { name: companyName })}
          stickyHeader={false}
          rows={users.data ?? []}
          rowKey={(user) => user.id}
          columns={[
            { label: t("settings.companies.companyUsers.name"), card: "title", render: (user) => user.name },
            {
              label: t("settings.companies.companyUsers.email"),
              render: (user) => <BreakableText>{user.email}</BreakableText>,
            },
            {
              label: t("settings.companies.companyUsers.profile"),
              render: (user) =>
                `${t(`users.profiles.${user.profile}`)}${user.super ? ` · ${t("settings.companies.companyUsers.super")}` : ""}`,
            },
          ]}
        />
      )}
    </Box>
  );
}
