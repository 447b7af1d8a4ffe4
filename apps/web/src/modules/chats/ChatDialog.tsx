import { type Chat, ChatForm, FORM_SUBMIT_DELAY_MS, TOAST_DURATION_MS } from "@atendo/shared";
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import { SubmitButton } from "../../components";
import { createChat, fetchCompanyUsers, updateChat } from "./chatsApi";

interface ChatDialogProps {
  open: boolean;
  /** The chat to edit (its owner only); null to create one. */
  chat: Chat | null;
  onClose: () => void;
  onSaved: (chat: Chat) => void;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Create or edit a chat: a title and the users besides the caller, who is always a member. */
export function ChatDialog({ open, chat, onClose, onSaved }: ChatDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="chat-dialog-title">
      {open ? <ChatDialogForm chat={chat} onClose={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function ChatDialogForm({ chat, onClose, onSaved }: Omit<ChatDialogProps, "open">) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [title, setTitle] = useState(chat?.title ?? "");
  const [userIds, setUserIds] = useState<number[]>(
    chat ? chat.users.map((member) => member.userId).filter((id) => id !== user?.id) : [],
  );
  const [submitting, setSubmitting] = useState(false);
  const users = useQuery({ queryKey: ["users", "list"], queryFn: ({ signal }) => fetchCompanyUsers(signal) });
  const options = (users.data ?? []).filter((option) => option.id !== user?.id);
  const selected = options.filter((option) => userIds.includes(option.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The spec's alerts, in its order: the title first, then the users (document 2 section 5).
    const parsed = ChatForm.safeParse({ title, users: userIds });
    if (!parsed.success) {
      const key = parsed.error.issues.some((issue) => issue.path[0] === "title") ? "fillTitle" : "fillUser";
      toast.warn(t(`chat.toasts.${key}`), { toastId: key, autoClose: TOAST_DURATION_MS });
      return;
    }
    setSubmitting(true);
    try {
      const [saved] = await Promise.all([
        chat ? updateChat(chat.id, parsed.data) : createChat(parsed.data),
        delay(FORM_SUBMIT_DELAY_MS),
      ]);
      toast.success(t("chat.toasts.saved"), { autoClose: TOAST_DURATION_MS });
      onSaved(saved);
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="chat-dialog-title">
      <DialogTitle id="chat-dialog-title">{chat ? t("chat.modal.editTitle") : t("chat.modal.addTitle")}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <TextField
            label={t("chat.modal.title")}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            autoFocus
            slotProps={{ htmlInput: { maxLength: 200, "data-testid": "chat-title-input" } }}
          />
          <Autocomplete
            multiple
            options={options}
            value={selected}
            loading={users.isPending}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            onChange={(_event, value) => setUserIds(value.map((option) => option.id))}
            noOptionsText={t("chat.modal.noUsers")}
            filterSelectedOptions
            renderInput={(params) => (
              <TextField {...params} label={t("chat.modal.users")} data-testid="chat-users-input" />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting}>
          {t("chat.modal.cancel")}
        </Button>
        <SubmitButton submitting={submitting} data-testid="chat-save">
          {t("chat.modal.save")}
        </SubmitButton>
      </DialogActions>
    </form>
  );
}
