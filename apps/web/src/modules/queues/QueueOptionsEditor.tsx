import { QUEUE_OPTION_MESSAGE_MAX, QUEUE_OPTION_TITLE_MAX, type QueueOption, TOAST_DURATION_MS } from "@atendo/shared";
import AddIcon from "@mui/icons-material/Add";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { ConfirmationModal } from "../../components";
import { SubmitButton } from "../../components/SubmitButton";
import { createQueueOption, deleteQueueOption, fetchQueueOptions, queuesKeys, updateQueueOption } from "./queuesApi";

type Editing = { mode: "create"; parentId: number | null } | { mode: "edit"; option: QueueOption };

/**
 * The chatbot option tree of a queue. Each level is fetched when it is opened; options
 * are numbered as the contact types them (1.2 is the second child of the first option).
 * Deleting an option renumbers its siblings on the server; the level is then fetched again.
 */
export function QueueOptionsEditor({ queueId }: { queueId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<QueueOption | null>(null);

  // Every open level is fetched again: a parent's child count and the siblings' numbers may have changed.
  const refreshTree = () => queryClient.invalidateQueries({ queryKey: queuesKeys.allOptions(queueId) });

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteQueueOption(deleting.id);
      // The siblings' numbers changed and the deleted branch is gone.
      queryClient.removeQueries({ queryKey: queuesKeys.options(queueId, deleting.id) });
      await refreshTree();
      toast.success(t("queueOptions.toasts.deleted"), { autoClose: TOAST_DURATION_MS });
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t("queueOptions.hint")}
        </Typography>
        <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing({ mode: "create", parentId: null })}>
          {t("queueOptions.buttons.addRoot")}
        </Button>
      </Stack>
      <OptionLevel
        queueId={queueId}
        parentId={null}
        prefix=""
        depth={0}
        onAdd={(parentId) => setEditing({ mode: "create", parentId })}
        onEdit={(option) => setEditing({ mode: "edit", option })}
        onDelete={setDeleting}
      />
      <OptionDialog
        queueId={queueId}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null);
          await refreshTree();
        }}
      />
      <ConfirmationModal
        open={deleting !== null}
        title={deleting ? t("queueOptions.confirmDelete.title", { title: deleting.title }) : ""}
        confirmLabel={t("queueOptions.confirmDelete.confirm")}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {t("queueOptions.confirmDelete.message")}
      </ConfirmationModal>
    </Box>
  );
}

interface LevelProps {
  queueId: number;
  parentId: number | null;
  /** The parent's number, e.g. "1.2."; the root level has none. */
  prefix: string;
  depth: number;
  onAdd: (parentId: number) => void;
  onEdit: (option: QueueOption) => void;
  onDelete: (option: QueueOption) => void;
}

function OptionLevel({ queueId, parentId, prefix, depth, onAdd, onEdit, onDelete }: LevelProps) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: queuesKeys.options(queueId, parentId),
    queryFn: ({ signal }) => fetchQueueOptions(queueId, parentId, signal),
  });
  if (query.isPending) {
    return (
      <Box sx={{ pl: depth * 3, py: 1 }}>
        <CircularProgress size={16} />
      </Box>
    );
  }
  const options = query.data ?? [];
  if (options.length === 0 && parentId === null) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: "center" }}>
        {t("queueOptions.empty")}
      </Typography>
    );
  }
  return (
    <Box component="ul" role={depth === 0 ? "tree" : "group"} sx={{ listStyle: "none", m: 0, p: 0 }}>
      {options.map((option) => (
        <OptionNode
          key={option.id}
          option={option}
          queueId={queueId}
          number={`${prefix}${option.option}`}
          depth={depth}
          onAdd={onAdd}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      ))}
    </Box>
  );
}

interface NodeProps extends Omit<LevelProps, "parentId" | "prefix"> {
  option: QueueOption;
  number: string;
}

function OptionNode({ option, queueId, number, depth, onAdd, onEdit, onDelete }: NodeProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const hasChildren = option.childrenCount > 0;

  return (
    <Box component="li" role="treeitem" aria-expanded={hasChildren ? expanded : undefined} aria-label={option.title}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: "center", pl: depth * 3, py: 0.5, borderBottom: 1, borderColor: "divider" }}
      >
        <IconButton
          size="small"
          aria-label={expanded ? t("queueOptions.buttons.collapse") : t("queueOptions.buttons.expand")}
          onClick={() => setExpanded((value) => !value)}
          sx={{ visibility: hasChildren ? "visible" : "hidden" }}
        >
          {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
        </IconButton>
        <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 32 }}>
          {number}
        </Typography>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap>
            {option.title}
          </Typography>
          {option.message ? (
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {option.message}
            </Typography>
          ) : null}
        </Box>
        <Tooltip title={t("queueOptions.buttons.addChild")}>
          <IconButton
            size="small"
            aria-label={t("queueOptions.buttons.addChild")}
            onClick={() => {
              setExpanded(true);
              onAdd(option.id);
            }}
          >
            <AddIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("queueOptions.buttons.edit")}>
          <IconButton size="small" aria-label={t("queueOptions.buttons.edit")} onClick={() => onEdit(option)}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("queueOptions.buttons.delete")}>
          <IconButton size="small" aria-label={t("queueOptions.buttons.delete")} onClick={() => onDelete(option)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {expanded ? (
        <OptionLevel
          queueId={queueId}
          parentId={option.id}
          prefix={`${number}.`}
          depth={depth + 1}
          onAdd={onAdd}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      ) : null}
    </Box>
  );
}

function OptionDialog({
  queueId,
  editing,
  onClose,
  onSaved,
}: {
  queueId: number;
  editing: Editing | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={editing !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="queue-option-title">
      <DialogTitle id="queue-option-title">
        {editing?.mode === "edit" ? t("queueOptions.dialog.edit") : t("queueOptions.dialog.add")}
      </DialogTitle>
      {editing ? (
        <OptionForm
          key={editing.mode === "edit" ? editing.option.id : `new-${editing.parentId}`}
          queueId={queueId}
          editing={editing}
          onCancel={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Dialog>
  );
}

function OptionForm({
  queueId,
  editing,
  onCancel,
  onSaved,
}: {
  queueId: number;
  editing: Editing;
  onCancel: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const initial = editing.mode === "edit" ? editing.option : null;
  const [title, setTitle] = useState(initial?.title ?? "");
  const [message, setMessage] = useState(initial?.message ?? "");
  const [error, setError] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to the queue form around it.
    event.stopPropagation();
    if (!title.trim()) {
      setError(true);
      return;
    }
    setSubmitting(true);
    try {
      if (editing.mode === "edit") {
        await updateQueueOption(editing.option.id, { title, message });
        await onSaved();
      } else {
        await createQueueOption({ queueId, parentId: editing.parentId, title, message });
        await onSaved();
      }
      toast.success(t("queueOptions.toasts.saved"), { autoClose: TOAST_DURATION_MS });
    } catch (err) {
      toastError(err);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label={t("queueOptions.dialog.title")}
            value={title}
            onChange={(event) => {
              setTitle(event.target.value);
              setError(false);
            }}
            required
            autoFocus
            fullWidth
            error={error}
            helperText={error ? t("validation.required") : undefined}
            slotProps={{ htmlInput: { maxLength: QUEUE_OPTION_TITLE_MAX } }}
          />
          <TextField
            label={t("queueOptions.dialog.message")}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            fullWidth
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: QUEUE_OPTION_MESSAGE_MAX } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit" disabled={submitting}>
          {t("queueOptions.dialog.cancel")}
        </Button>
        <SubmitButton submitting={submitting}>{t("queueOptions.dialog.save")}</SubmitButton>
      </DialogActions>
    </Box>
  );
}
