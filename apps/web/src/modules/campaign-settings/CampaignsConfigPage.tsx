import { type CampaignSettings, type CampaignVariable, TOAST_DURATION_MS } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AddIcon from "@mui/icons-material/Add";
import DataObjectIcon from "@mui/icons-material/DataObject";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import SaveOutlinedIcon from "@mui/icons-material/SaveOutlined";
import { Box, Button, Chip, CircularProgress, Paper, TextField, Typography } from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import {
  ConfirmationModal,
  EmptyState,
  Loading,
  MainContainer,
  MainHeader,
  MainHeaderButtonsWrapper,
  ResponsiveTable,
  RowAction,
  Title,
  useFieldMessage,
} from "../../components";
import { CampaignIntervalFields, type IntervalKey, type Intervals } from "./CampaignIntervalFields";
import { campaignSettingsKey, saveCampaignSettings, useCampaignSettings } from "./campaignSettingsApi";
import { addVariable, removeVariable, sameSettings, variableForm } from "./campaignSettingsForm";

/**
 * /campaigns-config: the send intervals and the user-defined variables. Changes
 * wait in a draft until saved; while there is none, saves made elsewhere show at once.
 */
export default function CampaignsConfigPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useCampaignSettings();
  const [draft, setDraft] = useState<CampaignSettings | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const current = draft ?? settings.data;
  const dirty = draft !== null && settings.data !== undefined && !sameSettings(draft, settings.data);

  const save = useMutation({
    mutationFn: (next: CampaignSettings) => saveCampaignSettings(next),
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignSettingsKey, saved);
      setDraft(null);
      toast.success(t("campaignSettings.toasts.saved"), { autoClose: TOAST_DURATION_MS });
    },
    onError: (error) => toastError(error),
  });

  const change = (next: CampaignSettings) => setDraft(next);
  const onInterval = <K extends IntervalKey>(key: K, value: Intervals[K]) => {
    if (current) change({ ...current, [key]: value });
  };

  return (
    <MainContainer fullWidth={false}>
      <MainHeader>
        <Title subtitle={t("campaignSettings.subtitle")}>{t("campaignSettings.title")}</Title>
        <MainHeaderButtonsWrapper>
          {dirty ? (
            <Chip size="small" color="warning" variant="outlined" label={t("campaignSettings.unsaved")} />
          ) : null}
          <Button
            variant="contained"
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <SaveOutlinedIcon />}
            disabled={!dirty || save.isPending}
            onClick={() => draft && save.mutate(draft)}
          >
            {t("campaignSettings.buttons.save")}
          </Button>
        </MainHeaderButtonsWrapper>
      </MainHeader>

      {current ? (
        <Box sx={{ flex: 1, minHeight: 0, overflow: "auto", display: "flex", flexDirection: "column", gap: 2 }}>
          <Section
            title={t("campaignSettings.intervals.title")}
            description={t("campaignSettings.intervals.description")}
          >
            <CampaignIntervalFields value={current} onChange={onInterval} disabled={save.isPending} />
          </Section>
          <Section
            title={t("campaignSettings.variables.title")}
            description={t("campaignSettings.variables.description")}
          >
            <VariableForm
              keys={current.variables.map((variable) => variable.key)}
              disabled={save.isPending}
              onAdd={(variable) => change(addVariable(current, variable))}
            />
            <VariablesTable variables={current.variables} onDelete={setDeleting} />
          </Section>
        </Box>
      ) : (
        <Paper variant="outlined" sx={{ flex: 1 }}>
          <Loading />
        </Paper>
      )}

      <ConfirmationModal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (current && deleting !== null) change(removeVariable(current, deleting));
        }}
        title={t("campaignSettings.confirmationModal.deleteTitle", { shortcut: `{${deleting ?? ""}}` })}
        confirmLabel={t("campaignSettings.confirmationModal.deleteConfirm")}
      >
        {t("campaignSettings.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        {description}
      </Typography>
      {children}
    </Paper>
  );
}

/** Adds a variable to the draft; a shortcut already in the list is refused (document 2: duplicates are ignored). */
function VariableForm({
  keys,
  disabled,
  onAdd,
}: {
  keys: string[];
  disabled: boolean;
  onAdd: (variable: CampaignVariable) => void;
}) {
  const { t } = useTranslation();
  const message = useFieldMessage("campaignSettings.validation", "validation");
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CampaignVariable>({
    resolver: zodResolver(variableForm(keys)),
    defaultValues: { key: "", value: "" },
  });

  const onSubmit = handleSubmit((variable) => {
    onAdd(variable);
    reset();
  });

  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label={t("campaignSettings.variables.add")}
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1fr) minmax(0, 2fr) auto" },
        alignItems: "start",
        mb: 2,
      }}
    >
      <TextField
        {...register("key")}
        id="campaign-variable-key"
        label={t("campaignSettings.variables.shortcut")}
        size="small"
        autoComplete="off"
        disabled={disabled}
        error={Boolean(errors.key)}
        helperText={message(errors.key) ?? t("campaignSettings.variables.shortcutHelp")}
      />
      <TextField
        {...register("value")}
        id="campaign-variable-value"
        label={t("campaignSettings.variables.value")}
        size="small"
        autoComplete="off"
        disabled={disabled}
        error={Boolean(errors.value)}
        helperText={message(errors.value)}
      />
      <Button type="submit" variant="outlined" startIcon={<AddIcon />} disabled={disabled} sx={{ height: 40 }}>
        {t("campaignSettings.variables.add")}
      </Button>
    </Box>
  );
}

function VariablesTable({
  variables,
  onDelete,
}: {
  variables: CampaignSettings["variables"];
  onDelete: (key: string) => void;
}) {
  const { t } = useTranslation();
  if (variables.length === 0) {
    return (
      <EmptyState icon={<DataObjectIcon sx={{ fontSize: 44 }} />} title={t("campaignSettings.variables.empty")}>
        {t("campaignSettings.variables.emptyHint")}
      </EmptyState>
    );
  }
  return (
    <ResponsiveTable
      label={t("campaignSettings.variables.title")}
      stickyHeader={false}
      rows={variables}
      rowKey={(variable) => variable.key}
      columns={[
        {
          label: t("campaignSettings.variables.shortcut"),
          card: "title",
          width: "30%",
          render: (variable) => <Chip size="small" label={`{${variable.key}}`} sx={{ fontFamily: "monospace" }} />,
        },
        {
          label: t("campaignSettings.variables.value"),
          cellSx: { wordBreak: "break-word" },
          render: (variable) => variable.value,
        },
      ]}
      actions={{
        label: t("campaignSettings.variables.actions"),
        width: 80,
        render: (variable) => (
          <RowAction label={t("campaignSettings.variables.delete")} onClick={() => onDelete(variable.key)}>
            <DeleteOutlineIcon fontSize="small" />
          </RowAction>
        ),
      }}
    />
  );
}
