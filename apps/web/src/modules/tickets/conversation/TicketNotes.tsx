import { companyEvent, TICKET_NOTE_MIN, type Ticket, type TicketNote, TOAST_DURATION_MS } from "@atendo/shared";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import { Box, IconButton, List, ListItem, ListItemText, Stack, TextField, Typography } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../../api/client";
import { useSession } from "../../../app/session";
import { ConfirmationModal } from "../../../components/ConfirmationModal";
import { SubmitButton } from "../../../components/SubmitButton";
import { useSocketEvent } from "../../../realtime/socket";
import { formatDateTime } from "../../../utils/date";
import { conversationKeys, createNote, deleteNote, fetchNotes } from "./conversationApi";

/**
 * The ticket's notes about its contact (document 1 sections 3 and 5): at least 2 characters.
 * Notes without an author are the system's (the AI or an integration telling the attendants
 * it failed); the server announces them with the ticket's update, so an open list reads again.
 */
export function TicketNotes({ ticket, enabled }: { ticket: Ticket; enabled: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const key = conversationKeys.notes(ticket.id, ticket.contactId);
  const { data: notes = [], isLoading } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchNotes(ticket.id, ticket.contactId, signal),
    enabled,
  });
  useSocketEvent(enabled && user ? companyEvent.ticket(user.companyId) : null, (payload) => {
    if (payload.action === "update" && payload.ticket.id === ticket.id)
      void queryClient.invalidateQueries({ queryKey: key });
  });
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<TicketNote | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    if (!text) return setError(t("validation.required"));
    if (text.length < TICKET_NOTE_MIN) return setError(t("validation.tooShort"));
    setSaving(true);
    try {
      const saved = await createNote({ note: text, ticketId: ticket.id, contactId: ticket.contactId });
      queryClient.setQueryData<TicketNote[]>(key, (old = []) => [saved, ...old]);
      setNote("");
      setError(undefined);
      toast.success(t("conversation.notes.added"), { autoClose: TOAST_DURATION_MS });
    } catch (failure) {
      toastError(failure);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    try {
      await deleteNote(removing.id);
      queryClient.setQueryData<TicketNote[]>(key, (old = []) => old.filter((item) => item.id !== removing.id));
      toast.success(t("conversation.notes.deleted"), { autoClose: TOAST_DURATION_MS });
    } catch (failure) {
      toastError(failure);
    }
  };

  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t("conversation.notes.title")}
      </Typography>
      <Stack component="form" spacing={1} onSubmit={add} noValidate>
        <TextField
          multiline
          minRows={2}
          maxRows={6}
          size="small"
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setError(undefined);
          }}
          placeholder={t("conversation.notes.placeholder")}
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { "aria-label": t("conversation.notes.placeholder") } }}
        />
        <SubmitButton submitting={saving} size="small" sx={{ alignSelf: "flex-end" }}>
          {t("conversation.notes.add")}
        </SubmitButton>
      </Stack>
      {isLoading ? null : notes.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t("conversation.notes.empty")}
        </Typography>
      ) : (
        <List dense>
          {notes.map((item) => (
            <ListItem
              key={item.id}
              divider
              secondaryAction={
                <IconButton edge="end" aria-label={t("conversation.notes.delete")} onClick={() => setRemoving(item)}>
                  <DeleteOutlinedIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={item.note}
                secondary={`${item.userId === null ? t("conversation.notes.system") : (item.user?.name ?? "")} · ${formatDateTime(item.createdAt)}`}
                slotProps={{ primary: { sx: { whiteSpace: "pre-wrap", wordBreak: "break-word" } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmationModal
        open={!!removing}
        title={t("conversation.notes.confirmDelete")}
        onClose={() => setRemoving(null)}
        onConfirm={remove}
      />
    </Box>
  );
}
