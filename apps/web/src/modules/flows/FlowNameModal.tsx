import { FlowCreateBody, type FlowRecord, FORM_SUBMIT_DELAY_MS, TOAST_DURATION_MS } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Dialog, DialogTitle, TextField } from "@mui/material";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { RecordFormShell, useFieldMessage } from "../../components";
import { createFlow, renameFlow } from "./flowsApi";

export interface FlowNameModalProps {
  open: boolean;
  /** The flow to rename; null to add one. */
  flow: Pick<FlowRecord, "id" | "name"> | null;
  onClose: () => void;
  onSaved: (flow: FlowRecord) => void;
}

const TITLE_ID = "flow-name-title";

/**
 * Add a flow, or rename one: the name is the only field (2 to 50 characters). The
 * name comes from the list's row, which is live, so nothing is fetched first.
 */
export function FlowNameModal({ open, flow, onClose, onSaved }: FlowNameModalProps) {
  const { t } = useTranslation();
  const mode = flow ? "edit" : "add";
  // While a save runs, Escape and the backdrop do not close the dialog.
  const busy = useRef(false);
  const close = () => {
    if (!busy.current) onClose();
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>{t(`flowNameModal.title.${mode}`)}</DialogTitle>
      {open ? (
        <FlowNameForm
          key={flow?.id ?? "new"}
          flow={flow}
          onClose={onClose}
          onSaved={onSaved}
          onBusyChange={(value) => {
            busy.current = value;
          }}
        />
      ) : null}
    </Dialog>
  );
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

interface FlowNameFormProps extends Omit<FlowNameModalProps, "open"> {
  onBusyChange: (busy: boolean) => void;
}

function FlowNameForm({ flow, onClose, onSaved, onBusyChange }: FlowNameFormProps) {
  const { t } = useTranslation();
  const mode = flow ? "edit" : "add";
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({ resolver: zodResolver(FlowCreateBody), defaultValues: { name: flow?.name ?? "" } });
  const message = useFieldMessage("flowNameModal.validation", "validation");
  useEffect(() => {
    onBusyChange(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  // The submit button stays disabled for the spec's submit delay, so a double click cannot add two flows.
  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      const [saved] = await Promise.all([
        flow ? renameFlow(flow.id, name) : createFlow(name),
        delay(FORM_SUBMIT_DELAY_MS),
      ]);
      toast.success(t(`flowNameModal.success.${mode}`), { autoClose: TOAST_DURATION_MS });
      onBusyChange(false);
      onSaved(saved);
      onClose();
    } catch (error) {
      toastError(error);
    }
  });

  return (
    <RecordFormShell
      titleId={TITLE_ID}
      onSubmit={onSubmit}
      onCancel={onClose}
      submitting={isSubmitting}
      cancelLabel={t("flowNameModal.buttons.cancel")}
      submitLabel={t(`flowNameModal.buttons.${mode === "add" ? "add" : "save"}`)}
    >
      <TextField
        {...register("name")}
        id="flow-name"
        label={t("flowNameModal.form.name")}
        autoFocus
        required
        fullWidth
        autoComplete="off"
        disabled={isSubmitting}
        error={Boolean(errors.name)}
        helperText={message(errors.name)}
      />
    </RecordFormShell>
  );
}
