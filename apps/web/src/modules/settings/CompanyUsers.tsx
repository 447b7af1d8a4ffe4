import { Box, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client";
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
        <Table size="small" aria-label={t("settings.companies.companyUsers.title", { name: companyName })}>
          <TableHead>
            <TableRow>
              <TableCell>{t("settings.companies.companyUsers.name")}</TableCell>
              <TableCell>{t("settings.companies.companyUsers.email")}</TableCell>
              <TableCell>{t("settings.companies.companyUsers.profile")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(users.data ?? []).map((user) => (
              <TableRow key={user.id}>
                <TableCell>{user.name}</TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell>
                  {t(`users.profiles.${user.profile}`)}
                  {user.super ? ` · ${t("settings.companies.companyUsers.super")}` : ""}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
