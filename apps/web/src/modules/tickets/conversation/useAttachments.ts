import { TOAST_DURATION_MS } from "@atendo/shared";
import { type ClipboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { checkFiles, type FileRefusal, formatMegabytes } from "./composerRules";

/** A picked file with a stable key for its preview chip. */
export interface Attachment {
  key: string;
  file: File;
}

let attachmentCounter = 0;
const nextAttachmentKey = () => {
  attachmentCounter += 1;
  return `attachment-${attachmentCounter}`;
};

/** The files picked for the next send. A refused file is never kept: it gets a toast saying why. */
export function useAttachments() {
  const { t } = useTranslation();
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const files = attachments.map((attachment) => attachment.file);

  const refusalText = (refusal: FileRefusal) => {
    switch (refusal.reason) {
      case "type":
        return t("conversation.composer.fileType", { name: refusal.fileName });
      case "size":
        return t("conversation.composer.fileSize", { name: refusal.fileName, max: formatMegabytes(refusal.maxBytes) });
      case "count":
        return t("conversation.composer.fileCount", { max: refusal.max });
    }
  };

  const add = (picked: File[]) => {
    const { accepted, refused } = checkFiles(files, picked);
    for (const refusal of refused) toast.error(refusalText(refusal), { autoClose: TOAST_DURATION_MS * 2 });
    if (accepted.length) {
      setAttachments((current) => [...current, ...accepted.map((file) => ({ key: nextAttachmentKey(), file }))]);
    }
  };

  /** Pasted files become attachments; a paste without files is left to the text field. */
  const onPaste = (event: ClipboardEvent) => {
    const pasted = Array.from(event.clipboardData.files);
    if (!pasted.length) return;
    event.preventDefault();
    add(pasted);
  };

  const remove = (key: string) => setAttachments((current) => current.filter((attachment) => attachment.key !== key));

  const clear = () => setAttachments([]);

  return { attachments, files, add, onPaste, remove, clear };
}
