import type { ContactListItem } from "@atendo/shared";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import HelpOutlineIcon from "@mui/icons-material/HelpOutlineOutlined";
import HighlightOffIcon from "@mui/icons-material/HighlightOff";
import { Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";

/** Document 2: each row shows whether its number is valid on WhatsApp; unchecked numbers say so too. */
export function WhatsappValidity({ valid }: { valid: ContactListItem["isWhatsappValid"] }) {
  const { t } = useTranslation();
  const [label, icon] =
    valid === true
      ? [t("contactListItems.validity.valid"), <CheckCircleIcon key="valid" fontSize="small" color="success" />]
      : valid === false
        ? [t("contactListItems.validity.invalid"), <HighlightOffIcon key="invalid" fontSize="small" color="error" />]
        : [
            t("contactListItems.validity.unchecked"),
            <HelpOutlineIcon key="unchecked" fontSize="small" color="disabled" />,
          ];
  return (
    <Tooltip title={label}>
      <span role="img" aria-label={label} style={{ display: "inline-flex" }}>
        {icon}
      </span>
    </Tooltip>
  );
}
