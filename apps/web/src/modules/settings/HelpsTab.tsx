import { type Help, HelpBody } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { api } from "../../api/client";
import { ConfirmationModal } from "../../components/ConfirmationModal";
import { Loading } from "../../components/Loading";
import { fieldErrorText, toastFailure, toastSuccess } from "./feedback";
import { fetchHelps, SILENT, settingsKeys } from "./queries";

type HelpFormInput = z.input<typeof HelpBody>;
type HelpFormOutput = z.output<typeof HelpBody>;

const EMPTY_HELP: HelpFormInput = { title: "", video: "", description: "" };

/** The /helps page caches the same list under ["helps", "list"]: refresh it too. */
const HELPS_PAGE_KEY = ["helps"] as const;

export function HelpsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Help | null>(null);
  const [deleting, setDeleting] = useState<Help | null>(null);

  const helps = useQuery({ queryKey: settingsKeys.helps, queryFn: fetchHelps, meta: SILENT });
  useEffect(() => {
    if (helps.error) toastFailure(helps.error, "settings.helps.toasts.listError");
  }, [helps.error]);

  const form = useForm<HelpFormInput, unknown, HelpFormOutput>({
    resolver: zodResolver(HelpBody),
    defaultValues: EMPTY_HELP,
  });
  const { errors, isSubmitting } = form.formState;

  const clear = () => {
    setEditing(null);
    form.reset(EMPTY_HELP);
  };
  const edit = (help: Help) => {
    setEditing(help);
    form.reset({ title: help.title ?? "", video: help.video ?? "", description: help.description ?? "" });
  };
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: settingsKeys.helps });
    void queryClient.invalidateQueries({ queryKey: HELPS_PAGE_KEY });
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      if (editing) await api.put<Help>(`/helps/${editing.id}`, { id: editing.id, ...values });
      else await api.post<Help>("/helps", values);
      toastSuccess("settings.helps.toasts.success");
      clear();
      await refresh();
    } catch (err) {
      toastFailure(err, "settings.helps.toasts.saveError");
    }
  });

  const remove = async () => {
    if (!deleting) return;
    try {
      await api.delete(`/helps/${deleting.id}`);
      toastSuccess("settings.helps.toasts.deleted");
      if (editing?.id === deleting.id) clear();
      await refresh();
    } catch (err) {
      toastFailure(err, "settings.helps.toasts.operationError");
    }
  };

  return (
    <Stack spacing={3}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={submit}
        onKeyDown={(event) => {
          if (event.key === "Escape" && editing) clear();
        }}
        sx={{ p: 2 }}
        aria-labelledby="help-form-title"
      >
        <Typography id="help-form-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {editing ? t("settings.helps.editTitle", { title: editing.title }) : t("settings.helps.newTitle")}
        </Typography>
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))" },
          }}
        >
          <TextField
            {...form.register("title")}
            label={t("settings.helps.fields.title")}
            size="small"
            required
            error={Boolean(errors.title)}
            helperText={fieldErrorText(errors.title)}
            disabled={isSubmitting}
          />
          <TextField
            {...form.register("video")}
            label={t("settings.helps.fields.video")}
            size="small"
            error={Boolean(errors.video)}
            helperText={fieldErrorText(errors.video) ?? t("settings.helps.helpers.video")}
            disabled={isSubmitting}
          />
          <TextField
            {...form.register("description")}
            label={t("settings.helps.fields.description")}
            size="small"
            multiline
            minRows={2}
            maxRows={6}
            error={Boolean(errors.description)}
            helperText={fieldErrorText(errors.description)}
            disabled={isSubmitting}
            onKeyDown={(event) => {
              // Enter submits; Shift+Enter starts a new line.
              if (event.key === "Enter" && !event.shiftKey) {
                event.preventDefault();
                void submit();
              }
            }}
            sx={{ gridColumn: "1 / -1" }}
          />
        </Box>
        <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", mt: 2 }}>
          <Button type="button" color="inherit" onClick={clear} disabled={isSubmitting}>
            {editing ? t("settings.buttons.cancel") : t("settings.buttons.clear")}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {editing ? t("settings.buttons.save") : t("settings.buttons.add")}
          </Button>
        </Stack>
      </Paper>

      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t("settings.helps.listTitle")}
        </Typography>
        {helps.isPending ? (
          <Loading />
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t("settings.helps.listTitle")}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("settings.helps.fields.title")}</TableCell>
                  <TableCell>{t("settings.helps.fields.video")}</TableCell>
                  <TableCell>{t("settings.helps.fields.description")}</TableCell>
                  <TableCell align="right">{t("settings.helps.fields.actions")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(helps.data ?? []).length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={4} align="center" sx={{ color: "text.secondary", py: 4 }}>
                      {t("settings.helps.empty")}
                    </TableCell>
                  </TableRow>
                ) : null}
                {(helps.data ?? []).map((help) => (
                  <TableRow key={help.id} hover selected={editing?.id === help.id}>
                    <TableCell>{help.title}</TableCell>
                    <TableCell sx={{ fontFamily: "monospace" }}>{help.video}</TableCell>
                    <TableCell sx={{ maxWidth: 420, whiteSpace: "pre-line", wordBreak: "break-word" }}>
                      {help.description}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      <Tooltip title={t("settings.buttons.edit")}>
                        <IconButton
                          size="small"
                          aria-label={`${t("settings.buttons.edit")} ${help.title}`}
                          onClick={() => edit(help)}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t("settings.buttons.delete")}>
                        <IconButton
                          size="small"
                          aria-label={`${t("settings.buttons.delete")} ${help.title}`}
                          onClick={() => setDeleting(help)}
                        >
                          <DeleteOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>

      <ConfirmationModal
        open={Boolean(deleting)}
        title={t("settings.helps.confirmDelete.title", { title: deleting?.title ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={remove}
        confirmLabel={t("settings.buttons.delete")}
      >
        {t("settings.helps.confirmDelete.message")}
      </ConfirmationModal>
    </Stack>
  );
}
