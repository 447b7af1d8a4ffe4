import { companyEvent, type Prompt } from "@atendo/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import PsychologyOutlinedIcon from "@mui/icons-material/PsychologyOutlined";
import { Typography } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import {
  ConfirmationModal,
  EmptyState,
  ListPageHeader,
  Loading,
  MainContainer,
  MainPaper,
  ResponsiveTable,
  RowAction,
  RowName,
  useConfirmDelete,
  useRecordDialog,
} from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { PromptModal } from "./PromptModal";
import { deletePrompt, fetchPrompts, promptsKeys } from "./promptsApi";

/** /prompts: the company's AI prompts (name, queue, max tokens) with add, edit and delete, kept live. */
export default function PromptsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { dialog: modal, openNew, openRecord, close: closeModal } = useRecordDialog();
  const query = useQuery({ queryKey: promptsKeys.list(), queryFn: ({ signal }) => fetchPrompts(signal) });

  // One list feeds this page and the connection and queue forms: every change fetches it again.
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: promptsKeys.list() }), [queryClient]);
  useSocketEvent(user ? companyEvent.prompt(user.companyId) : null, reload);
  // A deleted or renamed queue changes the queue column.
  useSocketEvent(user ? companyEvent.queue(user.companyId) : null, reload);

  // The toast is the server's answer (document 2 section 7: "a message is shown from the response").
  const deletion = useConfirmDelete(async (prompt: Prompt) => {
    const { message } = await deletePrompt(prompt.id);
    reload();
    return t(`prompts.serverMessages.${message}`, { defaultValue: message });
  }, "");

  const prompts = query.data ?? [];

  return (
    <MainContainer>
      <ListPageHeader
        title={t("prompts.title")}
        subtitle={t("prompts.subtitle")}
        primary={{ label: t("prompts.buttons.add"), onClick: openNew }}
      />

      <MainPaper sx={{ p: 0 }}>
        {query.isPending ? (
          <Loading />
        ) : prompts.length === 0 ? (
          <EmptyState icon={<PsychologyOutlinedIcon sx={{ fontSize: 56 }} />} title={t("prompts.empty.title")}>
            {t("prompts.empty.hint")}
          </EmptyState>
        ) : (
          <ResponsiveTable
            label={t("prompts.title")}
            rows={prompts}
            rowKey={(prompt) => prompt.id}
            columns={[
              {
                label: t("prompts.table.name"),
                card: "title",
                cellSx: { maxWidth: 420 },
                render: (prompt) => <RowName>{prompt.name}</RowName>,
              },
              {
                label: t("prompts.table.queue"),
                render: (prompt) =>
                  prompt.queue ? (
                    prompt.queue.name
                  ) : (
                    <Typography variant="body2" color="text.secondary" component="span">
                      {t("prompts.noQueue")}
                    </Typography>
                  ),
              },
              {
                label: t("prompts.table.maxTokens"),
                align: "center",
                width: 200,
                render: (prompt) => prompt.maxTokens,
              },
            ]}
            actions={{
              label: t("prompts.table.actions"),
              width: 120,
              render: (prompt) => (
                <>
                  <RowAction label={t("prompts.buttons.edit")} onClick={() => openRecord(prompt.id)}>
                    <EditOutlinedIcon fontSize="small" />
                  </RowAction>
                  <RowAction label={t("prompts.buttons.delete")} onClick={() => deletion.ask(prompt)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </RowAction>
                </>
              ),
            }}
          />
        )}
      </MainPaper>

      <PromptModal open={modal.open} promptId={modal.id} onClose={closeModal} onSaved={reload} />
      <ConfirmationModal
        {...deletion.dialog}
        title={deletion.target ? t("prompts.confirmationModal.deleteTitle", { name: deletion.target.name }) : ""}
        confirmLabel={t("prompts.confirmationModal.deleteConfirm")}
      >
        {t("prompts.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
