import { FORM_SUBMIT_DELAY_MS } from "@atendo/shared";
import { Box, Button, Dialog, DialogActions, DialogContent, type DialogProps, DialogTitle } from "@mui/material";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "../../../components/SubmitButton";

/** A refused submit, or the commit to run after the delay. */
export type SubmitResult = false | (() => void);

/** Whether a node dialog adds a node or edits one (document 2, section 4); closed is no dialog at all. */
export type DialogMode = "create" | "edit";

export interface FlowDialogProps {
  open: boolean;
  mode: DialogMode;
  titleId: string;
  titles: Record<DialogMode, string>;
  /** The submit button's label in each mode; "Adicionar" / "Salvar" unless given. */
  submitLabels?: Record<DialogMode, string>;
  onClose: () => void;
  /**
   * Runs on submit: checks the fields (and uploads what they need), then answers
   * false (after showing why) to keep the dialog open, or the step that commits
   * the node, which runs once the spec's submit delay has passed.
   */
  onSubmit: () => SubmitResult | Promise<SubmitResult>;
  maxWidth?: DialogProps["maxWidth"];
  children: ReactNode;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The frame of every node dialog: a form, so Enter submits; Escape and Cancel close
 * unless a submit is running. A submit that passes the checks commits 400 ms after
 * it began, its button disabled meanwhile, so a double click cannot add two nodes;
 * one refused shows why at once and leaves the form to correct.
 */
export function FlowDialog({
  open,
  mode,
  titleId,
  titles,
  submitLabels,
  onClose,
  onSubmit,
  maxWidth = "sm",
  children,
}: FlowDialogProps) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const close = () => {
    if (!submitting) onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A submit from a nested form control must not reach a dialog behind this one.
    event.stopPropagation();
    if (submitting) return;
    const started = Date.now();
    setSubmitting(true);
    try {
      const commit = await onSubmit();
      if (commit === false) return;
      await delay(FORM_SUBMIT_DELAY_MS - (Date.now() - started));
      if (!mounted.current) return;
      commit();
      onClose();
    } finally {
      if (mounted.current) setSubmitting(false);
    }
  };

  const labels = submitLabels ?? { create: t("flowBuilder.dialog.add"), edit: t("flowBuilder.dialog.save") };

  return (
    <Dialog open={open} onClose={close} maxWidth={maxWidth} fullWidth scroll="paper" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{titles[mode]}</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-labelledby={titleId}
        sx={{ display: "flex", flexDirection: "column", flex: "1 1 auto", minHeight: 0 }}
      >
        <DialogContent dividers>{children}</DialogContent>
        <DialogActions>
          <Button onClick={close} color="inherit" disabled={submitting}>
            {t("flowBuilder.dialog.cancel")}
          </Button>
          <SubmitButton submitting={submitting}>{labels[mode]}</SubmitButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
