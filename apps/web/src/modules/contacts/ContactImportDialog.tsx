import { CONTACT_UPLOAD_MAX_ROWS, type ContactUploadAnswer } from "@atendo/shared";
import UploadFileIcon from "@mui/icons-material/UploadFileOutlined";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from "@mui/material";
import { type ChangeEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../api/client";
import { uploadContacts } from "./contactsApi";
import { isSpreadsheetName, readContactSpreadsheet, SPREADSHEET_ACCEPT, SpreadsheetError } from "./spreadsheet";

type ImportError = ContactUploadAnswer["errorBag"][number];
type Phase = { step: "idle" } | { step: "reading" } | { step: "sending"; rows: number } | { step: "done" };

export interface ContactImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after an upload that created contacts. */
  onImported: () => void;
}

/**
 * Imports contacts from a spreadsheet: the browser reads the rows and sends them to
 * POST /contacts/upload, then the dialog lists what was created and, per row, what was refused.
 */
export function ContactImportDialog({ open, onClose, onImported }: ContactImportDialogProps) {
  const { t, i18n } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ step: "idle" });
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ContactUploadAnswer | null>(null);
  // The sheet line of each row sent, so a refused row is named as the user sees it in the file.
  const [lines, setLines] = useState<number[]>([]);
  const working = phase.step === "reading" || phase.step === "sending";

  const reset = () => {
    setPhase({ step: "idle" });
    setProblem(null);
    setResult(null);
  };

  const close = () => {
    if (working) return;
    onClose();
    reset();
  };

  const reason = (item: ImportError): string => {
    const { message, field } = item.error;
    if (field) {
      const key = `validation.${message}`;
      return `${t(`contacts.import.fields.${field}`)}: ${i18n.exists(key) ? t(key) : message}`;
    }
    const key = `errors.${message}`;
    return i18n.exists(key) ? t(key) : message;
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after fixing it.
    event.target.value = "";
    if (!file) return;
    setProblem(null);
    setResult(null);
    if (!isSpreadsheetName(file.name)) {
      setProblem(t("contacts.import.wrongType"));
      return;
    }
    setPhase({ step: "reading" });
    try {
      const sheet = await readContactSpreadsheet(file);
      setLines(sheet.lines);
      setPhase({ step: "sending", rows: sheet.rows.length });
      const answer = await uploadContacts(sheet.rows);
      setResult(answer);
      setPhase({ step: "done" });
      if (answer.newContacts.length > 0) onImported();
    } catch (error) {
      setPhase({ step: "idle" });
      if (error instanceof SpreadsheetError) {
        setProblem(t(`contacts.import.${error.reason}`, { max: CONTACT_UPLOAD_MAX_ROWS }));
      } else toastError(error);
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth scroll="paper" aria-labelledby="contact-import-title">
      <DialogTitle id="contact-import-title">{t("contacts.import.title")}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t("contacts.import.description")}
        </Typography>
        <input
          ref={inputRef}
          type="file"
          accept={SPREADSHEET_ACCEPT}
          hidden
          onChange={onFile}
          data-testid="contact-import-input"
        />
        <Button
          variant="outlined"
          startIcon={working ? <CircularProgress size={16} color="inherit" /> : <UploadFileIcon />}
          disabled={working}
          onClick={() => inputRef.current?.click()}
        >
          {phase.step === "reading"
            ? t("contacts.import.reading")
            : phase.step === "sending"
              ? t("contacts.import.sending", { count: phase.rows })
              : t("contacts.import.choose")}
        </Button>
        {problem ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {problem}
          </Alert>
        ) : null}
        {result ? (
          <Box sx={{ mt: 2 }} aria-live="polite">
            <Alert severity={result.newContacts.length > 0 ? "success" : "info"}>
              {t("contacts.import.summary", { count: result.newContacts.length })}
            </Alert>
            {result.errorBag.length > 0 ? (
              <Box sx={{ mt: 2 }}>
                <Typography variant="subtitle2" color="error">
                  {t("contacts.import.errorsTitle", { count: result.errorBag.length })}
                </Typography>
                <List dense aria-label={t("contacts.import.errorsTitle", { count: result.errorBag.length })}>
                  {result.errorBag.map((item) => (
                    <ListItem key={item.row} disableGutters data-testid="contact-import-error">
                      <ListItemText
                        primary={`${t("contacts.import.row", { row: lines[item.row - 1] ?? item.row })}: ${item.contactName || "—"} ${item.number}`}
                        secondary={reason(item)}
                      />
                    </ListItem>
                  ))}
                </List>
              </Box>
            ) : null}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={working} color="inherit">
          {t("contacts.import.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
