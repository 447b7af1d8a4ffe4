import { FORM_SUBMIT_DELAY_MS, TOAST_DURATION_MS } from "@atendo/shared";
import { Box, Button, Dialog, DialogActions, DialogContent, type DialogProps, DialogTitle } from "@mui/material";
import { type QueryKey, useQuery } from "@tanstack/react-query";
import { type FormEvent, Fragment, type ReactNode, useEffect, useRef } from "react";
import { toast } from "react-toastify";
import { toastError } from "../api/client";
import { Loading } from "./Loading";
import { SubmitButton } from "./SubmitButton";

/** What an add/edit dialog hands to the form inside it. */
export interface RecordFormProps<T> {
  /** The dialog title's id, which also names the form. */
  titleId: string;
  /** The record as the server has it now; null when adding. */
  initial: T | null;
  /** Closes the dialog unless a save is running. */
  onCancel: () => void;
  /** Tell the dialog while a save runs, so Escape and the backdrop do not close it. */
  onBusyChange: (busy: boolean) => void;
  /**
   * Runs `save` for at least the spec's submit delay (so a double click cannot resend),
   * then toasts success, reports the saved record and closes; a failure is toasted.
   */
  submit: (save: () => Promise<T>) => Promise<void>;
}

export interface RecordDialogProps<T> {
  open: boolean;
  onClose: () => void;
  /** The record to edit; null to add one. */
  recordId: number | null;
  detailKey: QueryKey;
  fetchRecord: (id: number, signal: AbortSignal) => Promise<T>;
  /** Names the dialog; the form inside labels itself with it too. */
  titleId: string;
  titles: { add: string; edit: string };
  successMessage: string;
  maxWidth: DialogProps["maxWidth"];
  /** Called with the saved record after the success toast, before the dialog closes. */
  onSaved?: (saved: T) => void;
  children: (form: RecordFormProps<T>) => ReactNode;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The shell of an add/edit dialog: loads the record fresh on every opening (a record that
 * cannot be loaded was toasted, and the dialog closes), shows a spinner meanwhile, and
 * gives the form a fresh mount for each record.
 */
export function RecordDialog<T>({
  open,
  onClose,
  recordId,
  detailKey,
  fetchRecord,
  titleId,
  titles,
  successMessage,
  maxWidth,
  onSaved,
  children,
}: RecordDialogProps<T>) {
  const editing = recordId !== null;
  const busy = useRef(false);
  const detail = useQuery({
    queryKey: detailKey,
    queryFn: ({ signal }) => fetchRecord(recordId!, signal),
    enabled: open && editing,
    // Always edit what the server has now, never a copy from an earlier opening.
    staleTime: 0,
    gcTime: 0,
  });
  const failed = open && editing && detail.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);

  const close = () => {
    if (!busy.current) onClose();
  };
  const ready = !editing || (detail.isSuccess && !detail.isFetching);

  const submit = async (save: () => Promise<T>) => {
    try {
      const [saved] = await Promise.all([save(), delay(FORM_SUBMIT_DELAY_MS)]);
      toast.success(successMessage, { autoClose: TOAST_DURATION_MS });
      busy.current = false;
      onSaved?.(saved);
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth={maxWidth} fullWidth scroll="paper" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{editing ? titles.edit : titles.add}</DialogTitle>
      {open && ready ? (
        <Fragment key={editing ? `edit-${recordId}` : "new"}>
          {children({
            titleId,
            initial: editing ? (detail.data ?? null) : null,
            onCancel: close,
            onBusyChange: (value) => {
              busy.current = value;
            },
            submit,
          })}
        </Fragment>
      ) : (
        <DialogContent dividers>
          <Loading />
        </DialogContent>
      )}
    </Dialog>
  );
}

export interface RecordFormShellProps {
  titleId: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  onCancel: () => void;
  submitting: boolean;
  cancelLabel: string;
  submitLabel: string;
  /** Shown above the scrolling fields (tabs, for example). */
  header?: ReactNode;
  /** A record that can no longer be changed is only shown: no submit button. */
  readOnly?: boolean;
  children: ReactNode;
}

/** The form inside a `RecordDialog`: the fields scroll between the header and the cancel/submit actions. */
export function RecordFormShell({
  titleId,
  onSubmit,
  onCancel,
  submitting,
  cancelLabel,
  submitLabel,
  header,
  readOnly = false,
  children,
}: RecordFormShellProps) {
  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
      sx={{ display: "flex", flexDirection: "column", flex: "1 1 auto", minHeight: 0 }}
    >
      {header}
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit" disabled={submitting}>
          {cancelLabel}
        </Button>
        {readOnly ? null : <SubmitButton submitting={submitting}>{submitLabel}</SubmitButton>}
      </DialogActions>
    </Box>
  );
}
