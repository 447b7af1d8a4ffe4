import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import {
  Box,
  Button,
  IconButton,
  Paper,
  Stack,
  TableContainer,
  TextField,
  type TextFieldProps,
  Tooltip,
  Typography,
} from "@mui/material";
import type { BaseSyntheticEvent, ReactNode } from "react";
import { type FieldError, type FieldValues, get, type Path, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ConfirmationModal } from "../../components/ConfirmationModal";
import { Loading } from "../../components/Loading";
import { ResponsiveTable, type ResponsiveTableProps } from "../../components/ResponsiveTable";
import { SubmitButton } from "../../components/SubmitButton";
import { fieldErrorText } from "./feedback";

interface FormCardProps {
  /** The id of the title, which names the form. */
  titleId: string;
  title: string;
  /** A record is being edited: Escape cancels, the buttons read cancel/save instead of clear/add. */
  editing: boolean;
  submitting: boolean;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  onClear: () => void;
  /** The grid's columns per breakpoint (`gridTemplateColumns`). */
  gridColumns: Record<string, string>;
  /** The fields, laid out in the grid. */
  children: ReactNode;
  /** Shown under the grid, above the buttons. */
  below?: ReactNode;
}

/** A settings tab's create/edit form: its title, its fields in a grid, then clear/cancel and add/save. */
export function FormCard({
  titleId,
  title,
  editing,
  submitting,
  onSubmit,
  onClear,
  gridColumns,
  children,
  below,
}: FormCardProps) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={onSubmit}
      onKeyDown={(event) => {
        if (event.key === "Escape" && editing) onClear();
      }}
      sx={{ p: 2 }}
      aria-labelledby={titleId}
    >
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: gridColumns }}>{children}</Box>
      {below}
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", mt: 2 }}>
        <Button type="button" color="inherit" onClick={onClear} disabled={submitting}>
          {editing ? t("settings.buttons.cancel") : t("settings.buttons.clear")}
        </Button>
        <SubmitButton submitting={submitting}>
          {editing ? t("settings.buttons.save") : t("settings.buttons.add")}
        </SubmitButton>
      </Stack>
    </Paper>
  );
}

type FormTextFieldProps<TInput extends FieldValues, TOutput> = Omit<
  TextFieldProps,
  "name" | "error" | "helperText" | "disabled"
> & {
  form: UseFormReturn<TInput, unknown, TOutput>;
  name: Path<TInput>;
  /** Shown under the field while it has no error. */
  hint?: string;
};

/** A small registered text field of a settings form: its error under it, disabled while submitting. */
export function FormTextField<TInput extends FieldValues, TOutput>({
  form,
  name,
  hint,
  ...props
}: FormTextFieldProps<TInput, TOutput>) {
  const { errors, isSubmitting } = form.formState;
  const error: FieldError | undefined = get(errors, name);
  return (
    <TextField
      {...form.register(name)}
      size="small"
      {...props}
      error={Boolean(error)}
      helperText={fieldErrorText(error) ?? hint}
      disabled={isSubmitting}
    />
  );
}

interface RecordsTableProps<T> {
  /** The list's heading, also the table's accessible name. */
  title: string;
  /** Shown at the end of the heading's line (a legend, ...). */
  aside?: ReactNode;
  loading: boolean;
  /** The columns before the actions (the first is each card's title on phones). */
  columns: ResponsiveTableProps<T>["columns"];
  /** The last column's header; its cell holds the record's RecordActions. */
  actionsLabel: string;
  renderActions: (record: T) => ReactNode;
  /** Shown in place of the rows when there is no record. */
  emptyText: string;
  records: readonly T[];
  recordKey: (record: T) => number;
  rowProps?: ResponsiveTableProps<T>["rowProps"];
  /** An expanded detail under a record's row. */
  below?: ResponsiveTableProps<T>["below"];
}

/**
 * A settings tab's list of records: a heading, then a spinner while loading, else the table
 * (a card per record on phones, its buttons in view).
 */
export function RecordsTable<T>({
  title,
  aside,
  loading,
  columns,
  actionsLabel,
  renderActions,
  emptyText,
  records,
  recordKey,
  rowProps,
  below,
}: RecordsTableProps<T>) {
  return (
    <Box>
      {aside ? (
        <Stack
          direction="row"
          sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 1, mb: 1 }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {aside}
        </Stack>
      ) : (
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
      )}
      {loading ? (
        <Loading />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <ResponsiveTable
            label={title}
            stickyHeader={false}
            columns={columns}
            actions={{ label: actionsLabel, align: "right", render: renderActions }}
            rows={records}
            rowKey={recordKey}
            rowProps={rowProps}
            below={below}
            emptyText={emptyText}
          />
        </TableContainer>
      )}
    </Box>
  );
}

interface RecordActionsProps {
  /** The record's name, after the verb in each button's accessible name ("Edit Acme"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Further actions, before edit and delete. */
  children?: ReactNode;
}

/** A record's buttons (the table's last cell, a card's bottom bar): further actions, then edit and delete. */
export function RecordActions({ name, onEdit, onDelete, children }: RecordActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {children}
      <Tooltip title={t("settings.buttons.edit")}>
        <IconButton size="small" aria-label={`${t("settings.buttons.edit")} ${name}`} onClick={onEdit}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t("settings.buttons.delete")}>
        <IconButton size="small" aria-label={`${t("settings.buttons.delete")} ${name}`} onClick={onDelete}>
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

interface DeleteConfirmationProps {
  open: boolean;
  title: string;
  message: string;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}

/** Asks before deleting a record; the confirm button reads "Delete". */
export function DeleteConfirmation({ open, title, message, onClose, onConfirm }: DeleteConfirmationProps) {
  const { t } = useTranslation();
  return (
    <ConfirmationModal
      open={open}
      title={title}
      onClose={onClose}
      onConfirm={onConfirm}
      confirmLabel={t("settings.buttons.delete")}
    >
      {message}
    </ConfirmationModal>
  );
}
