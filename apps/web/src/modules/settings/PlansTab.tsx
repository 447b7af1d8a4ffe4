import { type Plan, PlanForm } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  FormLabel,
  IconButton,
  InputAdornment,
  Paper,
  Stack,
  Switch,
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
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { api } from "../../api/client";
import { ConfirmationModal } from "../../components/ConfirmationModal";
import { Loading } from "../../components/Loading";
import { fieldErrorText, toastFailure, toastSuccess } from "./feedback";
import { fetchPlans, SILENT, settingsKeys } from "./queries";

type PlanFormInput = z.input<typeof PlanForm>;
type PlanFormOutput = z.output<typeof PlanForm>;

/** The form's short flag names and the entity's useX names. */
export const PLAN_FORM_FLAGS = [
  ["campaigns", "useCampaigns"],
  ["schedules", "useSchedules"],
  ["internalChat", "useInternalChat"],
  ["externalApi", "useExternalApi"],
  ["kanban", "useKanban"],
  ["openAi", "useOpenAi"],
  ["integrations", "useIntegrations"],
] as const;

const EMPTY_PLAN: PlanFormInput = {
  name: "",
  users: 0,
  connections: 0,
  queues: 0,
  value: 0,
  campaigns: true,
  schedules: true,
  internalChat: true,
  externalApi: true,
  kanban: true,
  openAi: true,
  integrations: true,
};

export function planToForm(plan: Plan): PlanFormInput {
  const form: PlanFormInput = {
    ...EMPTY_PLAN,
    name: plan.name,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
    value: plan.value,
  };
  for (const [short, long] of PLAN_FORM_FLAGS) form[short] = Boolean(plan[long]);
  return form;
}

/** POST/PUT /plans body: the short flag names (as the spec's form posts) and the useX names. */
export function planBody(values: PlanFormOutput) {
  const body: Record<string, string | number | boolean> = {
    name: values.name,
    users: values.users,
    connections: values.connections,
    queues: values.queues,
    value: values.value,
  };
  for (const [short, long] of PLAN_FORM_FLAGS) {
    body[short] = values[short];
    body[long] = values[short];
  }
  return body;
}

const currency = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
export const formatPrice = (value: number) => currency.format(Number(value) || 0);

export function PlansTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Plan | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);

  const plans = useQuery({ queryKey: settingsKeys.plans, queryFn: fetchPlans, meta: SILENT });
  useEffect(() => {
    if (plans.error) toastFailure(plans.error, "settings.plans.toasts.listError");
  }, [plans.error]);

  const form = useForm<PlanFormInput, unknown, PlanFormOutput>({
    resolver: zodResolver(PlanForm),
    defaultValues: EMPTY_PLAN,
  });
  const { errors, isSubmitting } = form.formState;

  const clear = () => {
    setEditing(null);
    form.reset(EMPTY_PLAN);
  };
  const edit = (plan: Plan) => {
    setEditing(plan);
    form.reset(planToForm(plan));
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.plans });

  const submit = form.handleSubmit(async (values) => {
    try {
      const body = planBody(values);
      if (editing) await api.put<Plan>(`/plans/${editing.id}`, { id: editing.id, ...body });
      else await api.post<Plan>("/plans", body);
      toastSuccess("settings.plans.toasts.success");
      clear();
      await refresh();
    } catch (err) {
      toastFailure(err, "settings.plans.toasts.saveError");
    }
  });

  const remove = async () => {
    if (!deleting) return;
    try {
      await api.delete(`/plans/${deleting.id}`);
      toastSuccess("settings.plans.toasts.deleted");
      if (editing?.id === deleting.id) clear();
      await refresh();
    } catch (err) {
      toastFailure(err, "settings.plans.toasts.operationError");
    }
  };

  const numberField = (name: "users" | "connections" | "queues") => (
    <TextField
      {...form.register(name)}
      type="number"
      label={t(`settings.plans.fields.${name}`)}
      size="small"
      required
      error={Boolean(errors[name])}
      helperText={fieldErrorText(errors[name])}
      disabled={isSubmitting}
      slotProps={{ htmlInput: { min: 0, step: 1, inputMode: "numeric" } }}
    />
  );

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
        aria-labelledby="plan-form-title"
      >
        <Typography id="plan-form-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {editing ? t("settings.plans.editTitle", { name: editing.name }) : t("settings.plans.newTitle")}
        </Typography>
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "2fr repeat(4, minmax(0, 1fr))" },
          }}
        >
          <TextField
            {...form.register("name")}
            label={t("settings.plans.fields.name")}
            size="small"
            required
            error={Boolean(errors.name)}
            helperText={fieldErrorText(errors.name)}
            disabled={isSubmitting}
          />
          {numberField("users")}
          {numberField("connections")}
          {numberField("queues")}
          <TextField
            {...form.register("value")}
            type="number"
            label={t("settings.plans.fields.value")}
            size="small"
            required
            error={Boolean(errors.value)}
            helperText={fieldErrorText(errors.value)}
            disabled={isSubmitting}
            slotProps={{
              htmlInput: { min: 0, step: "0.01", inputMode: "decimal" },
              input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
            }}
          />
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
          <FormLabel component="legend" sx={{ mb: 0.5 }}>
            {t("settings.plans.fields.features")}
          </FormLabel>
          <FormGroup row sx={{ columnGap: 2 }}>
            {PLAN_FORM_FLAGS.map(([flag]) => (
              <Controller
                key={flag}
                control={form.control}
                name={flag}
                render={({ field }) => (
                  <FormControlLabel
                    label={t(`settings.plans.flags.${flag}`)}
                    disabled={isSubmitting}
                    control={
                      <Switch
                        name={field.name}
                        slotProps={{ input: { ref: field.ref } }}
                        checked={Boolean(field.value)}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                      />
                    }
                  />
                )}
              />
            ))}
          </FormGroup>
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
          {t("settings.plans.listTitle")}
        </Typography>
        {plans.isPending ? (
          <Loading />
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t("settings.plans.listTitle")}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("settings.plans.fields.name")}</TableCell>
                  <TableCell align="center">{t("settings.plans.fields.users")}</TableCell>
                  <TableCell align="center">{t("settings.plans.fields.connections")}</TableCell>
                  <TableCell align="center">{t("settings.plans.fields.queues")}</TableCell>
                  <TableCell align="right">{t("settings.plans.fields.value")}</TableCell>
                  <TableCell>{t("settings.plans.fields.features")}</TableCell>
                  <TableCell align="right">{t("settings.plans.fields.actions")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(plans.data ?? []).length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={7} align="center" sx={{ color: "text.secondary", py: 4 }}>
                      {t("settings.plans.empty")}
                    </TableCell>
                  </TableRow>
                ) : null}
                {(plans.data ?? []).map((plan) => (
                  <TableRow key={plan.id} hover selected={editing?.id === plan.id}>
                    <TableCell>{plan.name}</TableCell>
                    <TableCell align="center">{plan.users}</TableCell>
                    <TableCell align="center">{plan.connections}</TableCell>
                    <TableCell align="center">{plan.queues}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      {formatPrice(plan.value)}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }}>
                        {PLAN_FORM_FLAGS.filter(([, long]) => plan[long]).map(([short]) => (
                          <Chip key={short} size="small" label={t(`settings.plans.flags.${short}`)} />
                        ))}
                      </Stack>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      <Tooltip title={t("settings.buttons.edit")}>
                        <IconButton
                          size="small"
                          aria-label={`${t("settings.buttons.edit")} ${plan.name}`}
                          onClick={() => edit(plan)}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t("settings.buttons.delete")}>
                        <IconButton
                          size="small"
                          aria-label={`${t("settings.buttons.delete")} ${plan.name}`}
                          onClick={() => setDeleting(plan)}
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
        title={t("settings.plans.confirmDelete.title", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={remove}
        confirmLabel={t("settings.buttons.delete")}
      >
        {t("settings.plans.confirmDelete.message")}
      </ConfirmationModal>
    </Stack>
  );
}
