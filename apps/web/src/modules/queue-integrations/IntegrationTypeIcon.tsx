import type { IntegrationType } from "@atendo/shared";
import AccountTreeOutlinedIcon from "@mui/icons-material/AccountTreeOutlined";
import PsychologyOutlinedIcon from "@mui/icons-material/PsychologyOutlined";
import ShapeLineOutlinedIcon from "@mui/icons-material/ShapeLineOutlined";
import SmartToyOutlinedIcon from "@mui/icons-material/SmartToyOutlined";
import WebhookIcon from "@mui/icons-material/Webhook";
import { Avatar, Tooltip } from "@mui/material";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";

/** Each type's mark and colour (the services' own brand colours, or the theme's for ours). */
const MARKS: Record<IntegrationType, { Icon: ComponentType<{ fontSize?: "small" }>; color: string }> = {
  dialogflow: { Icon: PsychologyOutlinedIcon, color: "#FF9800" },
  n8n: { Icon: AccountTreeOutlinedIcon, color: "#EA4B71" },
  webhook: { Icon: WebhookIcon, color: "#546E7A" },
  typebot: { Icon: SmartToyOutlinedIcon, color: "#0042DA" },
  flowbuilder: { Icon: ShapeLineOutlinedIcon, color: "#2E7D32" },
};

/** The table's type column: the type's mark, named for screen readers and on hover. */
export function IntegrationTypeIcon({ type }: { type: IntegrationType }) {
  const { t } = useTranslation();
  const { Icon, color } = MARKS[type];
  const label = t(`queueIntegration.types.${type}`);
  return (
    <Tooltip title={label}>
      <Avatar role="img" aria-label={label} sx={{ width: 32, height: 32, bgcolor: color, color: "#fff" }}>
        <Icon fontSize="small" />
      </Avatar>
    </Tooltip>
  );
}
