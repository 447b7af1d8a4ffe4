import AttachFileIcon from "@mui/icons-material/AttachFile";
import CancelIcon from "@mui/icons-material/Cancel";
import { Box, Chip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatMegabytes } from "./composerRules";
import type { Attachment } from "./useAttachments";

interface AttachmentChipsProps {
  attachments: Attachment[];
  onRemove: (key: string) => void;
}

/** The files waiting for the next send, each with its size and a button to drop it. */
export function AttachmentChips({ attachments, onRemove }: AttachmentChipsProps) {
  const { t } = useTranslation();
  if (!attachments.length) return null;
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.75, px: 1.5, pt: 1 }} data-testid="attachments">
      {attachments.map(({ key, file }) => (
        <Chip
          key={key}
          icon={<AttachFileIcon />}
          label={`${file.name} (${formatMegabytes(file.size)} MB)`}
          onDelete={() => onRemove(key)}
          deleteIcon={<CancelIcon aria-label={t("conversation.composer.removeFile", { name: file.name })} />}
          sx={{ maxWidth: "100%" }}
        />
      ))}
    </Box>
  );
}
