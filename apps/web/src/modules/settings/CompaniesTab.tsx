import type { Company, Plan } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import EventRepeatIcon from "@mui/icons-material/EventRepeat";
import PeopleAltOutlinedIcon from "@mui/icons-material/PeopleAltOutlined";
import {
  Box,
  CircularProgress,
  Collapse,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type Control, Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client";
import { DateTimeField } from "../../components/DateTimeField";
import { formatDate } from "../../utils/date";
import { CompanyUsers } from "./CompanyUsers";
import { DeleteConfirmation, FormCard, FormTextField, RecordActions, RecordsTable } from "./CrudParts";
import {
  CompanyForm,
  type CompanyFormInput,
  type CompanyFormOutput,
  companyToForm,
  EMPTY_COMPANY_FORM,
  FORM_RECURRENCES,
  formToBody,
} from "./companyForm";
import { DUE_DATE_ROW_BACKGROUND, type DueDateColour, dueDateColour } from "./dueDateColour";
import { fieldErrorText, toastFailure, toastSuccess } from "./feedback";
import { deleteCompany, fetchCompanies, fetchPlans, saveCompany, settingsKeys } from "./queries";
import { useCrudEditor } from "./useCrudEditor";
import { useSettingsList } from "./useSettingsList";

export function CompaniesTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [renewingId, setRenewingId] = useState<number | null>(null);
  // The company whose users are shown under its row (loaded on demand).
  const [usersOf, setUsersOf] = useState<number | null>(null);

  const companies = useSettingsList(settingsKeys.companies, fetchCompanies, "settings.companies.toasts.listError");
  const plans = useSettingsList(settingsKeys.plans, fetchPlans, "settings.plans.toasts.listError");

  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.companies });

  const { form, editing, edit, deleting, setDeleting, formCard, deleteConfirmation } = useCrudEditor({
    resolver: zodResolver(CompanyForm),
    empty: EMPTY_COMPANY_FORM,
    toForm: companyToForm,
    save: (values: CompanyFormOutput, company) => saveCompany(formToBody(values, company !== null), company?.id),
    remove: (company) => deleteCompany(company.id),
    toasts: "settings.companies.toasts",
    refresh,
  });
  const isSubmitting = formCard.submitting;

  const renew = async (company: Company) => {
    setRenewingId(company.id);
    try {
      const renewed = await api.post("/companies/{id}/renew", { params: { id: company.id } });
      toastSuccess("settings.companies.toasts.renewed", { date: formatDate(renewed.dueDate) });
      if (editing?.id === company.id) edit(renewed);
      await refresh();
    } catch (err) {
      toastFailure(err, "settings.companies.toasts.operationError");
    } finally {
      setRenewingId(null);
    }
  };

  const recurrenceOptions: readonly string[] =
    editing && !(FORM_RECURRENCES as readonly string[]).includes(editing.recurrence)
      ? [...FORM_RECURRENCES, editing.recurrence]
      : FORM_RECURRENCES;

  const now = new Date();

  return (
    <Stack spacing={3}>
      <FormCard
        titleId="company-form-title"
        title={editing ? t("settings.companies.editTitle", { name: editing.name }) : t("settings.companies.newTitle")}
        gridColumns={{ xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" }}
        {...formCard}
      >
        <FormTextField form={form} name="name" label={t("settings.companies.fields.name")} required />
        <FormTextField form={form} name="email" type="email" label={t("settings.companies.fields.email")} required />
        <FormTextField form={form} name="phone" type="tel" label={t("settings.companies.fields.phone")} />
        <Controller
          control={form.control}
          name="planId"
          render={({ field, fieldState }) => (
            <TextField
              select
              id="company-plan"
              label={t("settings.companies.fields.plan")}
              size="small"
              required
              name={field.name}
              inputRef={field.ref}
              value={field.value === undefined || field.value === null ? "" : String(field.value)}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={fieldErrorText(fieldState.error)}
              disabled={isSubmitting}
            >
              {(plans.data ?? []).map((plan: Plan) => (
                <MenuItem key={plan.id} value={String(plan.id)}>
                  {plan.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <SelectField
          control={form.control}
          name="status"
          id="company-status"
          label={t("settings.companies.fields.status")}
          disabled={isSubmitting}
          options={[
            { value: "true", label: t("settings.companies.status.active") },
            { value: "false", label: t("settings.companies.status.inactive") },
          ]}
        />
        <Controller
          control={form.control}
          name="dueDate"
          render={({ field, fieldState }) => (
            <DateTimeField
              kind="date"
              name={field.name}
              value={typeof field.value === "string" ? field.value : ""}
              onChange={field.onChange}
              onBlur={field.onBlur}
              id="company-dueDate"
              size="small"
              label={t("settings.companies.fields.dueDate")}
              error={Boolean(fieldState.error)}
              helperText={fieldErrorText(fieldState.error) ?? t("settings.companies.helpers.dueDate")}
              disabled={form.formState.isSubmitting}
            />
          )}
        />
        <SelectField
          control={form.control}
          name="recurrence"
          id="company-recurrence"
          label={t("settings.companies.fields.recurrence")}
          disabled={isSubmitting}
          emptyValue="MENSAL"
          options={recurrenceOptions.map((recurrence) => ({
            value: recurrence,
            label: t(`settings.companies.recurrences.${recurrence}`),
          }))}
        />
        <SelectField
          control={form.control}
          name="campaignsEnabled"
          id="company-campaigns"
          label={t("settings.companies.fields.campaignsEnabled")}
          disabled={isSubmitting}
          options={[
            { value: "true", label: t("settings.companies.campaigns.enabled") },
            { value: "false", label: t("settings.companies.campaigns.disabled") },
          ]}
        />
        {editing ? null : (
          <FormTextField
            form={form}
            name="password"
            type="password"
            autoComplete="new-password"
            label={t("settings.companies.fields.password")}
            hint={t("settings.companies.helpers.password")}
            sx={{ gridColumn: { lg: "span 2" } }}
          />
        )}
      </FormCard>

      <RecordsTable
        title={t("settings.companies.listTitle")}
        aside={<DueDateLegend />}
        loading={companies.isPending}
        columns={[
          { label: t("settings.companies.fields.name"), card: "title", render: (company) => company.name },
          {
            label: t("settings.companies.fields.email"),
            // One line in the wide table (cut with an ellipsis, whole in the tooltip): broken at its dot,
            // "demo@atendo / .dev" read as two words. A phone's card wraps it as any long value.
            render: (company) =>
              company.email && (
                <Box
                  component="span"
                  title={company.email}
                  sx={{
                    display: "block",
                    maxWidth: { sm: 260 },
                    overflow: { sm: "hidden" },
                    textOverflow: { sm: "ellipsis" },
                    whiteSpace: { sm: "nowrap" },
                  }}
                >
                  {company.email}
                </Box>
              ),
          },
          { label: t("settings.companies.fields.phone"), render: (company) => company.phone },
          { label: t("settings.companies.fields.plan"), render: (company) => company.plan?.name ?? "" },
          {
            label: t("settings.companies.fields.status"),
            render: (company) =>
              company.status ? t("settings.companies.status.active") : t("settings.companies.status.inactive"),
          },
          { label: t("settings.companies.fields.createdAt"), render: (company) => formatDate(company.createdAt) },
          {
            label: t("settings.companies.fields.dueDate"),
            render: (company) => (company.dueDate ? formatDate(company.dueDate) : t("settings.companies.noDueDate")),
          },
          {
            label: t("settings.companies.fields.recurrence"),
            render: (company) =>
              t(`settings.companies.recurrences.${company.recurrence}`, { defaultValue: company.recurrence ?? "" }),
          },
        ]}
        actionsLabel={t("settings.companies.fields.actions")}
        renderActions={(company) => {
          const showingUsers = usersOf === company.id;
          return (
            <RecordActions name={company.name} onEdit={() => edit(company)} onDelete={() => setDeleting(company)}>
              <Tooltip title={t("settings.buttons.users")}>
                <IconButton
                  size="small"
                  aria-label={`${t("settings.buttons.users")} ${company.name}`}
                  aria-expanded={showingUsers}
                  color={showingUsers ? "primary" : "default"}
                  onClick={() => setUsersOf(showingUsers ? null : company.id)}
                >
                  <PeopleAltOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t("settings.buttons.renew")}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={`${t("settings.buttons.renew")} ${company.name}`}
                    onClick={() => renew(company)}
                    disabled={renewingId !== null}
                  >
                    {renewingId === company.id ? (
                      <CircularProgress size={18} color="inherit" />
                    ) : (
                      <EventRepeatIcon fontSize="small" />
                    )}
                  </IconButton>
                </span>
              </Tooltip>
            </RecordActions>
          );
        }}
        emptyText={t("settings.companies.empty")}
        records={companies.data ?? []}
        recordKey={(company) => company.id}
        rowProps={(company) => {
          const colour = dueDateColour(company.dueDate, now);
          return {
            selected: editing?.id === company.id,
            "data-due": colour ?? undefined,
            sx: colour ? { backgroundColor: DUE_DATE_ROW_BACKGROUND[colour] } : undefined,
          };
        }}
        below={(company) =>
          usersOf === company.id ? (
            <Collapse in appear>
              <CompanyUsers companyId={company.id} companyName={company.name} />
            </Collapse>
          ) : null
        }
      />

      <DeleteConfirmation
        title={t("settings.companies.confirmDelete.title", { name: deleting?.name ?? "" })}
        message={t("settings.companies.confirmDelete.message")}
        {...deleteConfirmation}
      />
    </Stack>
  );
}

interface SelectFieldProps {
  control: Control<CompanyFormInput, unknown, CompanyFormOutput>;
  name: "status" | "recurrence" | "campaignsEnabled";
  id: string;
  label: string;
  disabled: boolean;
  options: readonly { value: string; label: string }[];
  /** Shown while the field has no value. */
  emptyValue?: string;
}

/** One of the company form's plain selects (no validation message of its own). */
function SelectField({ control, name, id, label, disabled, options, emptyValue }: SelectFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          id={id}
          label={label}
          size="small"
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? emptyValue}
          onChange={(event) => field.onChange(event.target.value)}
          disabled={disabled}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

function DueDateLegend() {
  const { t } = useTranslation();
  const colours: DueDateColour[] = ["yellow", "orange", "red"];
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }}>
      {colours.map((colour) => (
        <Stack key={colour} direction="row" spacing={0.75} sx={{ alignItems: "center" }}>
          <Box
            aria-hidden
            sx={{
              width: 14,
              height: 14,
              borderRadius: 0.5,
              backgroundColor: DUE_DATE_ROW_BACKGROUND[colour],
              border: 1,
              borderColor: "divider",
            }}
          />
          <Typography variant="caption" color="text.secondary">
            {t(`settings.companies.legend.${colour}`)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
