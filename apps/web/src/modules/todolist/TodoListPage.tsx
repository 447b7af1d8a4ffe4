import { TOAST_DURATION_MS } from "@atendo/shared";
import AddIcon from "@mui/icons-material/Add";
import ChecklistIcon from "@mui/icons-material/Checklist";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import {
  Button,
  Checkbox,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { type FormEvent, type KeyboardEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { ConfirmationModal, EmptyState, MainContainer, MainHeader, MainPaper, Title } from "../../components";
import { sortTasks, TASK_MAX_LENGTH, type Task } from "./tasksStore";
import { useTasks } from "./useTasks";

/** /todolist: a personal to-do list kept in the browser. Enter adds; in an edit, Enter saves and Escape cancels. */
export default function TodoListPage() {
  const { t } = useTranslation();
  const { tasks, add, edit, toggle, remove } = useTasks();
  const [draft, setDraft] = useState("");
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const sorted = useMemo(() => sortTasks(tasks), [tasks]);
  const doneCount = tasks.filter((task) => task.done).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    add(draft);
    setDraft("");
  };

  const saveEdit = () => {
    if (editing?.text.trim()) edit(editing.id, editing.text);
    setEditing(null);
  };

  const onEditKey = (event: KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      saveEdit();
    } else if (event.key === "Escape") {
      setEditing(null);
    }
  };

  return (
    <MainContainer fullWidth={false}>
      <MainHeader>
        <Title subtitle={t("todolist.subtitle")}>{t("todolist.title")}</Title>
        {tasks.length > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("todolist.counts", { open: tasks.length - doneCount, done: doneCount })}
          </Typography>
        ) : null}
      </MainHeader>
      <Stack component="form" direction="row" spacing={1} onSubmit={submit} sx={{ alignItems: "flex-start" }}>
        <TextField
          label={t("todolist.input.label")}
          placeholder={t("todolist.input.placeholder")}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          fullWidth
          size="small"
          autoFocus
          slotProps={{ htmlInput: { maxLength: TASK_MAX_LENGTH } }}
        />
        <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={!draft.trim()}>
          {t("todolist.buttons.add")}
        </Button>
      </Stack>
      <MainPaper sx={{ p: 0 }}>
        {sorted.length === 0 ? (
          <EmptyState icon={<ChecklistIcon fontSize="large" />} title={t("todolist.empty.title")}>
            <Typography variant="body2">{t("todolist.empty.hint")}</Typography>
          </EmptyState>
        ) : (
          <List disablePadding>
            {sorted.map((task) =>
              editing?.id === task.id ? (
                <ListItem key={task.id} divider>
                  <Stack direction="row" spacing={1} sx={{ width: "100%", alignItems: "center" }}>
                    <TextField
                      label={t("todolist.editLabel")}
                      value={editing.text}
                      onChange={(event) => setEditing({ id: task.id, text: event.target.value })}
                      onKeyDown={onEditKey}
                      size="small"
                      fullWidth
                      autoFocus
                      slotProps={{ htmlInput: { maxLength: TASK_MAX_LENGTH } }}
                    />
                    <Button onClick={() => setEditing(null)}>{t("todolist.buttons.cancel")}</Button>
                    <Button variant="contained" onClick={saveEdit} disabled={!editing.text.trim()}>
                      {t("todolist.buttons.save")}
                    </Button>
                  </Stack>
                </ListItem>
              ) : (
                <ListItem
                  key={task.id}
                  divider
                  secondaryAction={
                    <Stack direction="row">
                      <Tooltip title={t("todolist.buttons.edit")}>
                        <IconButton
                          aria-label={t("todolist.buttons.edit")}
                          onClick={() => setEditing({ id: task.id, text: task.text })}
                        >
                          <EditOutlinedIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t("todolist.buttons.delete")}>
                        <IconButton aria-label={t("todolist.buttons.delete")} onClick={() => setDeleting(task)}>
                          <DeleteOutlineIcon />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  }
                  sx={{ pr: 12 }}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <Checkbox
                      edge="start"
                      checked={task.done}
                      onChange={() => toggle(task.id)}
                      slotProps={{
                        input: {
                          "aria-label": t(task.done ? "todolist.reopen" : "todolist.complete", { text: task.text }),
                        },
                      }}
                    />
                  </ListItemIcon>
                  <ListItemText
                    primary={task.text}
                    secondary={new Date(task.updatedAt).toLocaleString()}
                    slotProps={{
                      primary: {
                        sx: {
                          textDecoration: task.done ? "line-through" : "none",
                          color: task.done ? "text.secondary" : "text.primary",
                          wordBreak: "break-word",
                        },
                      },
                    }}
                  />
                </ListItem>
              ),
            )}
          </List>
        )}
      </MainPaper>
      <ConfirmationModal
        title={t("todolist.confirmationModal.deleteTitle")}
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        confirmLabel={t("todolist.confirmationModal.deleteConfirm")}
        onConfirm={() => {
          if (!deleting) return;
          remove(deleting.id);
          toast.success(t("todolist.toasts.deleted"), { autoClose: TOAST_DURATION_MS });
        }}
      >
        {t("todolist.confirmationModal.deleteMessage", { text: deleting?.text ?? "" })}
      </ConfirmationModal>
    </MainContainer>
  );
}
