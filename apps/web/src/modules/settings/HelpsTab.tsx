import { type Help, HelpBody } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Stack } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { BreakableText } from "../../components/ResponsiveTable";
import { DeleteConfirmation, FormCard, FormTextField, RecordActions, RecordsTable } from "./CrudParts";
import { deleteHelp, fetchHelps, saveHelp, settingsKeys } from "./queries";
import { useCrudEditor } from "./useCrudEditor";
import { useSettingsList } from "./useSettingsList";

type HelpFormInput = z.input<typeof HelpBody>;
type HelpFormOutput = z.output<typeof HelpBody>;

const EMPTY_HELP: HelpFormInput = { title: "", video: "", description: "" };

/** The /helps page caches the same list under ["helps", "list"]: refresh it too. */
const HELPS_PAGE_KEY = ["helps"] as const;

export function HelpsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const helps = useSettingsList(settingsKeys.helps, fetchHelps, "settings.helps.toasts.listError");

  const { form, editing, edit, deleting, setDeleting, formCard, deleteConfirmation } = useCrudEditor({
    resolver: zodResolver(HelpBody),
    empty: EMPTY_HELP,
    toForm: (help: Help) => ({ title: help.title ?? "", video: help.video ?? "", description: help.description ?? "" }),
    save: (values: HelpFormOutput, help) => saveHelp(values, help?.id),
    remove: (help) => deleteHelp(help.id),
    toasts: "settings.helps.toasts",
    refresh: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.helps });
      void queryClient.invalidateQueries({ queryKey: HELPS_PAGE_KEY });
    },
  });

  return (
    <Stack spacing={3}>
      <FormCard
        titleId="help-form-title"
        title={editing ? t("settings.helps.editTitle", { title: editing.title }) : t("settings.helps.newTitle")}
        gridColumns={{ xs: "1fr", sm: "repeat(2, minmax(0, 1fr))" }}
        {...formCard}
      >
        <FormTextField form={form} name="title" label={t("settings.helps.fields.title")} required />
        <FormTextField
          form={form}
          name="video"
          label={t("settings.helps.fields.video")}
          hint={t("settings.helps.helpers.video")}
        />
        <FormTextField
          form={form}
          name="description"
          label={t("settings.helps.fields.description")}
          multiline
          minRows={2}
          maxRows={6}
          onKeyDown={(event) => {
            // Enter submits; Shift+Enter starts a new line.
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              void formCard.onSubmit();
            }
          }}
          sx={{ gridColumn: "1 / -1" }}
        />
      </FormCard>

      <RecordsTable
        title={t("settings.helps.listTitle")}
        loading={helps.isPending}
        columns={[
          { label: t("settings.helps.fields.title"), card: "title", render: (help) => help.title },
          {
            label: t("settings.helps.fields.video"),
            cellSx: { fontFamily: "monospace" },
            // A text guide has no video: its card gets no empty "Código do vídeo" line.
            render: (help) => help.video && <BreakableText>{help.video}</BreakableText>,
          },
          {
            label: t("settings.helps.fields.description"),
            cellSx: { maxWidth: 420 },
            render: (help) =>
              help.description && (
                <Box component="span" sx={{ whiteSpace: "pre-line", wordBreak: "break-word" }}>
                  {help.description}
                </Box>
              ),
          },
        ]}
        actionsLabel={t("settings.helps.fields.actions")}
        renderActions={(help) => (
          <RecordActions name={help.title} onEdit={() => edit(help)} onDelete={() => setDeleting(help)} />
        )}
        emptyText={t("settings.helps.empty")}
        records={helps.data ?? []}
        recordKey={(help) => help.id}
        rowProps={(help) => ({ selected: editing?.id === help.id })}
      />

      <DeleteConfirmation
        title={t("settings.helps.confirmDelete.title", { title: deleting?.title ?? "" })}
        message={t("settings.helps.confirmDelete.message")}
        {...deleteConfirmation}
      />
    </Stack>
  );
}
