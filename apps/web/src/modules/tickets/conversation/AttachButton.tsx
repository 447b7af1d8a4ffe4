import AttachFileIcon from "@mui/icons-material/AttachFile";
import { IconButton, Tooltip } from "@mui/material";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { ACCEPTED_FILE_TYPES } from "./composerRules";

/** The paper-clip button and the hidden file input it opens. */
export function AttachButton({ onPick }: { onPick: (files: File[]) => void }) {
  const { t } = useTranslation();
  const fileInputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <Tooltip title={t("conversation.composer.attach")}>
        <IconButton aria-label={t("conversation.composer.attach")} onClick={() => fileInputRef.current?.click()}>
          <AttachFileIcon />
        </IconButton>
      </Tooltip>
      <input
        ref={fileInputRef}
        type="file"
        multiple
        hidden
        accept={ACCEPTED_FILE_TYPES}
        data-testid="composer-file-input"
        onChange={(event) => {
          onPick(Array.from(event.target.files ?? []));
          // Picking the same file again must fire another change.
          event.target.value = "";
        }}
      />
    </>
  );
}
