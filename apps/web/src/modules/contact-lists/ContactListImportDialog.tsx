import { CONTACT_LIST_UPLOAD_MAX_ROWS, type ContactListUploadAnswer } from "@atendo/shared";
import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import UploadFileIcon from "@mui/icons-material/UploadFileOutlined";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { type ChangeEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../api/client";
import { uploadContactListSpreadsheet } from "./contactListsApi";
import { downloadSampleSpreadsheet } from "./sampleSpreadsheet";
import { fileProblem, MAX_MEGABYTES, rowReason, SPREADSHEET_ACCEPT, uploadRefusal } from "./uploadReport";

type Phase =
  | { step: "idle" }
  | { step: "uploading"; percent: number }
  | { step: "processing" }
  | { step: "done"; answer: ContactListUploadAnswer };

export interface ContactListImportDialogProps {
  open: boolean;
  contactListId: number;
  onClose: () => void;
}

/**
 * Imports a spreadsheet into a list: the file goes to the server as it is (the server reads
 * it), with the upload's progress, then the server's work; the report lists what was added
 * and every refused row with its line and reason. The list itself follows the live events.
 */
export function ContactListImportDialog({ open, contactListId, onClose }: ContactListImportDialogProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ step: "idle" });
  const [problem, setProblem] = useState<string | null>(null);
  const working = phase.step === "uploading" || phase.step === "processing";

  const close = () => {
    if (working) return;
    onClose();
    setPhase({ step: "idle" });
    setProblem(null);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after fixing it.
    event.target.value = "";
    if (!file) return;
    const refusal = fileProblem(file, t);
    setProblem(refusal);
    if (refusal) return;
    setPhase({ step: "uploading", percent: 0 });
    try {
      const answer = await uploadContactListSpreadsheet(contactListId, file, (sent, total) => {
        // Once every byte is sent the server is reading the rows.
        if (sent >= total) setPhase({ step: "processing" });
        else setPhase({ step: "uploading", percent: Math.round((sent / total) * 100) });
      });
      setPhase({ step: "done", answer });
    } catch (err) {
      setPhase({ step: "idle" });
      const message = uploadRefusal(err, t);
      if (message) setProblem(message);
      else toastError(err);
    }
  };

  const sample = () => {
    downloadSampleSpreadsheet(t).catch(() => toastError(t("contactLists.sample.failed")));
  };

  const answer = phase.step === "done" ? phase.answer : null;

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="md"
      fullWidth
      scroll="paper"
      aria-labelledby="contact-list-import-title"
    >
      <DialogTitle id="contact-list-import-title">{t("contactListItems.import.title")}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary">
          {t("contactListItems.import.description", { size: MAX_MEGABYTES, max: CONTACT_LIST_UPLOAD_MAX_ROWS })}
        </Typography>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={sample}
          sx={{ mt: 1, display: "inline-flex", gap: 0.5 }}
        >
          <FileDownloadOutlinedIcon fontSize="small" />
          {t("contactListItems.import.sample")}
        </Link>
        <input
          ref={inputRef}
          type="file"
          accept={SPREADSHEET_ACCEPT}
          hidden
          onChange={onFile}
          data-testid="contact-list-import-input"
        />
        <Box sx={{ mt: 2 }}>
          <Button
            variant={answer ? "outlined" : "contained"}
            startIcon={<UploadFileIcon />}
            disabled={working}
            onClick={() => inputRef.current?.click()}
          >
            {answer ? t("contactListItems.import.chooseAnother") : t("contactListItems.import.choose")}
          </Button>
        </Box>
        {working ? (
          <Box sx={{ mt: 2 }} role="status" aria-live="polite">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {phase.step === "uploading"
                ? t("contactListItems.import.uploading", { percent: phase.percent })
                : t("contactListItems.import.processing")}
            </Typography>
            <LinearProgress
              variant={phase.step === "uploading" ? "determinate" : "indeterminate"}
              value={phase.step === "uploading" ? phase.percent : undefined}
              aria-label={t("contactListItems.import.title")}
            />
          </Box>
        ) : null}
        {problem ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {problem}
          </Alert>
        ) : null}
        {answer ? <UploadReport answer={answer} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={working}>
          {t("contactListItems.import.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function UploadReport({ answer }: { answer: ContactListUploadAnswer }) {
  const { t } = useTranslation();
  const refused = answer.errors.length;
  return (
    <Box sx={{ mt: 2 }} aria-live="polite">
      <Alert severity={answer.imported > 0 ? "success" : "info"}>
        {t("contactListItems.import.summary", { count: answer.imported, rows: answer.rows })}
        {answer.imported > 0 ? (
          <Typography variant="body2" component="span" sx={{ display: "block", mt: 0.5 }}>
            {t("contactListItems.import.checking")}
          </Typography>
        ) : null}
      </Alert>
      {refused > 0 ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" color="error" component="h3" id="contact-list-import-errors">
            {t("contactListItems.import.errorsTitle", { count: refused })}
          </Typography>
          <TableContainer sx={{ maxHeight: 320, mt: 1, border: 1, borderColor: "divider", borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-labelledby="contact-list-import-errors">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 72 }}>{t("contactListItems.import.columns.row")}</TableCell>
                  <TableCell>{t("contactListItems.import.columns.name")}</TableCell>
                  <TableCell>{t("contactListItems.import.columns.number")}</TableCell>
                  <TableCell>{t("contactListItems.import.columns.email")}</TableCell>
                  <TableCell>{t("contactListItems.import.columns.reason")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {answer.errors.map((error) => (
                  <TableRow key={error.row} data-testid="contact-list-import-error">
                    <TableCell>{error.row}</TableCell>
                    <TableCell>{error.name || "—"}</TableCell>
                    <TableCell>{error.number || "—"}</TableCell>
                    <TableCell sx={{ wordBreak: "break-all" }}>{error.email || "—"}</TableCell>
                    <TableCell sx={{ color: "error.main" }}>{rowReason(error, t)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      ) : null}
    </Box>
  );
}
