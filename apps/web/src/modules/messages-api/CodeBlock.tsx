import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { Box, IconButton, Tooltip } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../api/client";

/** Preformatted text (a command, a JSON answer), with a copy button when `copyable`. */
export function CodeBlock({ code, label, copyable = false }: { code: string; label: string; copyable?: boolean }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch (err) {
      toastError(err);
    }
  };

  // The button has its own column beside the text, never over it: a long command scrolls
  // sideways under an absolutely placed button and hid what it scrolled under.
  return (
    <Box
      role="figure"
      aria-label={label}
      sx={{ display: "flex", alignItems: "flex-start", borderRadius: 1, bgcolor: "action.hover" }}
    >
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          flex: 1,
          minWidth: 0,
          fontFamily: "monospace",
          fontSize: 13,
          overflowX: "auto",
          whiteSpace: "pre",
        }}
      >
        {code}
      </Box>
      {copyable ? (
        <Tooltip title={copied ? t("messagesAPI.doc.copied") : t("messagesAPI.doc.copy")}>
          <IconButton
            size="small"
            aria-label={`${t("messagesAPI.doc.copy")}: ${label}`}
            onClick={copy}
            onMouseLeave={() => setCopied(false)}
            sx={{ flexShrink: 0, m: 0.5 }}
          >
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Box>
  );
}
