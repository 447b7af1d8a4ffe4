import { type Plan, PlanForm } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Chip, FormControlLabel, FormGroup, FormLabel, InputAdornment, Stack, Switch } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { RequestBody } from "../../api/routes";
import { DeleteConfirmation, FormCard, FormTextField, RecordActions, RecordsTable } from "./CrudParts";
import { deletePlan, fetchPlans, savePlan, settingsKeys } from "./queries";
import { useCrudEditor } from "./useCrudEditor";
import { useSettingsList } from "./useSettingsList";

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
export function planBody(values: PlanFormOutput): RequestBody<"POST /plans"> {
  const body: RequestBody<"POST /plans"> = {
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
  const plans = useSettingsList(settingsKeys.plans, fetchPlans, "settings.plans.toasts.listError");

  const { form, editing, edit, deleting, setDeleting, formCard, deleteConfirmation } = useCrudEditor({
    resolver: zodResolver(PlanForm),
    empty: EMPTY_PLAN,
    toForm: planToForm,
    save: (values: PlanFormOutput, plan) => savePlan(planBody(values), plan?.id),
    remove: (plan) => deletePlan(plan.id),
    toasts: "settings.plans.toasts",
    refresh: () => queryClient.invalidateQueries({ queryKey: settingsKeys.plans }),
  });

  const numberField = (name: "users" | "connections" | "queues") => (
    <FormTextField
      form={form}
      name={name}
      type="number"
      label={t(`settings.plans.fields.${name}`)}
      required
      slotProps={{ htmlInput: { min: 0, step: 1, inputMode: "numeric" } }}
    />
  );

  return (
    <Stack spacing={3}>
      <FormCard
        titleId="plan-form-title"
        title={editing ? t("settings.plans.editTitle", { name: editing.name }) : t("settings.plans.newTitle")}
        gridColumns={{ xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "2fr repeat(4, minmax(0, 1fr))" }}
        below={
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
                      disabled={formCard.submitting}
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
        }
        {...formCard}
      >
        <FormTextField form={form} name="name" label={t("settings.plans.fields.name")} required />
        {numberField("users")}
        {numberField("connections")}
        {numberField("queues")}
        <FormTextField
          form={form}
          name="value"
          type="number"
          label={t("settings.plans.fields.value")}
          required
          slotProps={{
            htmlInput: { min: 0, step: "0.01", inputMode: "decimal" },
            input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
          }}
        />
      </FormCard>

      <RecordsTable
        title={t("settings.plans.listTitle")}
        loading={plans.isPending}
        columns={[
          { label: t("settings.plans.fields.name"), card: "title", render: (plan) => plan.name },
          { label: t("settings.plans.fields.users"), align: "center", render: (plan) => plan.users },
          { label: t("settings.plans.fields.connections"), align: "center", render: (plan) => plan.connections },
          { label: t("settings.plans.fields.queues"), align: "center", render: (plan) => plan.queues },
          {
            label: t("settings.plans.fields.value"),
            align: "right",
            cellSx: { whiteSpace: "nowrap" },
            render: (plan) => formatPrice(plan.value),
          },
          {
            label: t("settings.plans.fields.features"),
            render: (plan) => (
              <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }}>
                {PLAN_FORM_FLAGS.filter(([, long]) => plan[long]).map(([short]) => (
                  <Chip key={short} size="small" label={t(`settings.plans.flags.${short}`)} />
                ))}
              </Stack>
            ),
          },
        ]}
        actionsLabel={t("settings.plans.fields.actions")}
        renderActions={(plan) => (
          <RecordActions name={plan.name} onEdit={() => edit(plan)} onDelete={() => setDeleting(plan)} />
        )}
        emptyText={t("settings.plans.empty")}
        records={plans.data ?? []}
        recordKey={(plan) => plan.id}
        rowProps={(plan) => ({ selected: editing?.id === plan.id })}
      />

      <DeleteConfirmation
        title={t("settings.plans.confirmDelete.title", { name: deleting?.name ?? "" })}
        message={t("settings.plans.confirmDelete.message")}
        {...deleteConfirmation}
      />
    </Stack>
  );
}
