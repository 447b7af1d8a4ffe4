import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import { Chip, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatDate, toDate } from "../../utils/date";

/**
 * The admin's "Ativo até" chip (document 1, top bar). Once the date has passed it turns red and
 * says so in its label, so the overdue state does not rest on colour alone.
 */
export function DueDateChip({ dueDate, now = new Date() }: { dueDate: string | null; now?: Date }) {
  const { t } = useTranslation();
  const due = toDate(dueDate);
  if (!due) return null;
  const date = formatDate(due);
  // The subscription ends at the due instant (login is refused from then on), not at the day's end.
  const overdue = due.getTime() <= now.getTime();
  const display = { xs: "none", md: "inline-flex" };

  if (!overdue) {
    return (
      <Chip
        size="small"
        variant="outlined"
        label={t("mainHeader.activeUntil", { date })}
        sx={{ color: "inherit", borderColor: "currentColor", display }}
        data-testid="due-date"
      />
    );
  }
  return (
    <Tooltip title={t("mainHeader.overdueHint")} describeChild>
      <Chip
        size="small"
        color="error"
        icon={<ErrorOutlineIcon />}
        label={t("mainHeader.overdue", { date })}
        sx={{ display, fontWeight: 600 }}
        data-testid="due-date"
        data-overdue="true"
      />
    </Tooltip>
  );
}
