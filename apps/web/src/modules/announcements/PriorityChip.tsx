import { Chip } from "@mui/material";
import { useTranslation } from "react-i18next";

const COLORS = { 1: "error", 2: "warning", 3: "default" } as const;

/** Priority 1 high, 2 medium, 3 low (document 2 section 3). */
export function PriorityChip({ priority }: { priority: number }) {
  const { t } = useTranslation();
  const color = COLORS[priority as keyof typeof COLORS] ?? "default";
  return <Chip size="small" color={color} label={t(`announcements.priorities.${priority}`)} />;
}
