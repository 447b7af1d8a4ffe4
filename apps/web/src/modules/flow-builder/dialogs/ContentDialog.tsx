import {
  FLOW_CONTENT_UPLOAD_DELAY_MS,
  FLOW_INTERVAL_MAX_SECONDS,
  FLOW_LIMITS,
  FLOW_TOAST_DURATION_MS,
} from "@atendo/shared";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import {
  Alert,
  Button,
  FormControlLabel,
  IconButton,
  InputAdornment,
  LinearProgress,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../../api/client";
import { compressImage } from "../compressImage";
import { uploadFlowMedia } from "../flowBuilderApi";
import { useFlowActions } from "../nodes/flowActions";
import { NODE_LOOKS } from "../nodes/nodeLooks";
import { type ComposedNode, cardsOfSequence, composedNode, sequenceOf } from "./composer";
import { FlowDialog } from "./FlowDialog";
import { MediaPicker } from "./MediaPicker";
import { type ComposerCard, composerError, mediaFileError } from "./rules";
import type { NodeDialogProps } from "./types";
import { uploadRefusal } from "./uploadFailure";
import { appendPlaceholder, VariableChips } from "./VariableChips";

const CARD_TYPES = ["message", "interval", "img", "audio", "video"] as const;
type CardType = (typeof CARD_TYPES)[number];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type ContentDialogProps = Omit<NodeDialogProps<"singleBlock">, "onSave"> & {
  variables: readonly string[];
  onSave: (node: ComposedNode) => void;
};

/**
 * The content composer ("Conteúdo"): texts, intervals, images, audio and videos in
 * the order they are sent. New files go up together, 1.5 s after the submit (as the
 * original does), each already checked against its kind's type and size.
 */
export function ContentDialog({ mode, initial, onClose, onSave, variables }: ContentDialogProps) {
  const { t } = useTranslation();
  const { mediaUrl } = useFlowActions();
  const keys = useRef(0);
  const [cards, setCards] = useState<ComposerCard[]>(() => (initial ? cardsOfSequence(initial) : []));
  const [problem, setProblem] = useState<string | null>(null);
  const [cardErrors, setCardErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const message = (key: string) => t(`flowBuilder.validation.${key}`);

  const add = (type: CardType) => {
    keys.current += 1;
    const key = `new${keys.current}`;
    const card: ComposerCard =
      type === "message" || type === "interval"
        ? { key, type, value: "" }
        : { key, type, value: "", original: "", ...(type === "audio" ? { record: false } : {}) };
    setCards((current) => [...current, card]);
    setProblem(null);
  };

  const update = (key: string, change: Partial<ComposerCard>) => {
    setCards((current) => current.map((card) => (card.key === key ? ({ ...card, ...change } as ComposerCard) : card)));
    setProblem(null);
  };

  const move = (index: number, by: -1 | 1) =>
    setCards((current) => {
      const next = [...current];
      const [card] = next.splice(index, 1);
      if (card) next.splice(index + by, 0, card);
      return next;
    });

  const pick = (card: ComposerCard, file: File) => {
    if (card.type === "message" || card.type === "interval") return;
    const refusal = mediaFileError(card.type, file, true);
    setCardErrors((current) => ({ ...current, [card.key]: refusal ? message(refusal) : "" }));
    if (!refusal) update(card.key, { file, original: file.name });
  };

  const submit = async () => {
    const found = composerError(cards);
    if (found) {
      setProblem(message(found));
      return false;
    }
    const pending = cards.filter(
      (card): card is Extract<ComposerCard, { file?: File }> => "file" in card && card.file !== undefined,
    );
    let ready = cards;
    if (pending.length > 0) {
      setUploading(true);
      try {
        await wait(FLOW_CONTENT_UPLOAD_DELAY_MS);
        const files = await Promise.all(
          pending.map((card) => (card.type === "img" ? compressImage(card.file!) : card.file!)),
        );
        const stored = await uploadFlowMedia("/flowbuilder/content", files);
        const names = new Map(pending.map((card, index) => [card.key, stored.names[index] ?? ""]));
        ready = cards.map((card) =>
          names.has(card.key) ? ({ ...card, value: names.get(card.key), file: undefined } as ComposerCard) : card,
        );
        setCards(ready);
      } catch (failure) {
        const refusal = pending.map((card) => uploadRefusal(failure, card.type)).find(Boolean);
        if (refusal) setProblem(message(refusal));
        else toastError(failure);
        return false;
      } finally {
        setUploading(false);
      }
    }
    toast.success(t("flowBuilder.toasts.content"), { autoClose: FLOW_TOAST_DURATION_MS });
    return () => onSave(mode === "edit" ? { type: "singleBlock", data: sequenceOf(ready) } : composedNode(ready));
  };

  return (
    <FlowDialog
      open
      mode={mode}
      titleId="flow-content-title"
      titles={{ create: t("flowBuilder.content.titleCreate"), edit: t("flowBuilder.content.titleEdit") }}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="md"
    >
      <Stack spacing={2}>
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
          {CARD_TYPES.map((type, index) => {
            const Icon = NODE_LOOKS[type].icon;
            return (
              <Button
                key={type}
                variant="outlined"
                size="small"
                startIcon={<Icon />}
                onClick={() => add(type)}
                disabled={uploading || cards.length >= FLOW_LIMITS.contentElements}
                autoFocus={index === 0}
              >
                {t(`flowBuilder.content.add.${type}`)}
              </Button>
            );
          })}
        </Stack>
        {cards.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("flowBuilder.content.empty")}
          </Typography>
        ) : null}
        {cards.map((card, index) => {
          const Icon = NODE_LOOKS[card.type].icon;
          const label = t(`flowBuilder.nodes.${card.type}`);
          return (
            <Paper key={card.key} variant="outlined" sx={{ p: 1.5 }} data-testid={`content-card-${card.type}`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
                <Icon fontSize="small" color="action" />
                <Typography variant="subtitle2" sx={{ flex: 1 }}>
                  {`${index + 1}. ${label}`}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={t("flowBuilder.content.moveUp")}
                  disabled={index === 0 || uploading}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpwardIcon fontSize="inherit" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t("flowBuilder.content.moveDown")}
                  disabled={index === cards.length - 1 || uploading}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownwardIcon fontSize="inherit" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t("flowBuilder.content.remove", { label })}
                  disabled={uploading}
                  onClick={() => {
                    setCards((current) => current.filter((item) => item.key !== card.key));
                    setProblem(null);
                  }}
                >
                  <DeleteOutlineIcon fontSize="inherit" />
                </IconButton>
              </Stack>
              {card.type === "message" ? (
                <Stack spacing={1}>
                  <TextField
                    label={t("flowBuilder.message.text")}
                    value={card.value}
                    onChange={(event) => update(card.key, { value: event.target.value })}
                    multiline
                    minRows={3}
                    fullWidth
                    disabled={uploading}
                  />
                  <VariableChips
                    variables={variables}
                    onInsert={(placeholder) => update(card.key, { value: appendPlaceholder(card.value, placeholder) })}
                  />
                </Stack>
              ) : card.type === "interval" ? (
                <TextField
                  label={t("flowBuilder.interval.seconds")}
                  type="number"
                  value={card.value}
                  onChange={(event) => update(card.key, { value: event.target.value })}
                  disabled={uploading}
                  slotProps={{
                    htmlInput: { min: 1, max: FLOW_INTERVAL_MAX_SECONDS, step: 1 },
                    input: {
                      endAdornment: <InputAdornment position="end">{t("flowBuilder.interval.unit")}</InputAdornment>,
                    },
                  }}
                />
              ) : (
                <Stack spacing={1}>
                  <MediaPicker
                    kind={card.type}
                    composer
                    file={card.file}
                    storedUrl={card.value ? mediaUrl(card.value) : undefined}
                    storedName={card.original || card.value}
                    error={cardErrors[card.key]}
                    disabled={uploading}
                    onPick={(file) => pick(card, file)}
                    label={t(`flowBuilder.media.${card.type}.file`)}
                  />
                  {card.type === "audio" ? (
                    <FormControlLabel
                      control={
                        <Switch
                          checked={card.record ?? false}
                          onChange={(event) => update(card.key, { record: event.target.checked })}
                        />
                      }
                      label={t("flowBuilder.media.record")}
                    />
                  ) : null}
                </Stack>
              )}
            </Paper>
          );
        })}
        {uploading ? (
          <Stack spacing={0.5} role="status">
            <Typography variant="caption" color="text.secondary">
              {t("flowBuilder.content.uploading")}
            </Typography>
            <LinearProgress aria-label={t("flowBuilder.content.uploading")} />
          </Stack>
        ) : null}
        {problem ? <Alert severity="error">{problem}</Alert> : null}
      </Stack>
    </FlowDialog>
  );
}
