import type { Company, Plan } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import EventRepeatIcon from "@mui/icons-material/EventRepeat";
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  MenuItem,
  Paper,
  Stack,
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
import { api } from "../../api/client";
import { ConfirmationModal } from "../../components/ConfirmationModal";
import { Loading } from "../../components/Loading";
import { formatDate } from "../../utils/date";
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
import { fetchCompanies, fetchPlans, SILENT, settingsKeys } from "./queries";

export function CompaniesTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Company | null>(null);
  const [deleting, setDeleting] = useState<Company | null>(null);
  const [renewingId, setRenewingId] = useState<number | null>(null);

  const companies = useQuery({ queryKey: settingsKeys.companies, queryFn: fetchCompanies, meta: SILENT });
  const plans = useQuery({ queryKey: settingsKeys.plans, queryFn: fetchPlans, meta: SILENT });

  useEffect(() => {
    if (companies.error) toastFailure(companies.error, "settings.companies.toasts.listError");
  }, [companies.error]);
  useEffect(() => {
    if (plans.error) toastFailure(plans.error, "settings.plans.toasts.listError");
  }, [plans.error]);

  const form = useForm<CompanyFormInput, unknown, CompanyFormOutput>({
    resolver: zodResolver(CompanyForm),
    defaultValues: EMPTY_COMPANY_FORM,
  });
  const { errors, isSubmitting } = form.formState;

  const clear = () => {
    setEditing(null);
    form.reset(EMPTY_COMPANY_FORM);
  };

  const edit = (company: Company) => {
    setEditing(company);
    form.reset(companyToForm(company));
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.companies });

  const submit = form.handleSubmit(async (values) => {
    try {
      const body = formToBody(values, Boolean(editing));
      if (editing) await api.put<Company>(`/companies/${editing.id}`, { id: editing.id, ...body });
      else await api.post<Company>("/companies", body);
      toastSuccess("settings.companies.toasts.success");
      clear();
      await refresh();
    } catch (err) {
      toastFailure(err, "settings.companies.toasts.saveError");
    }
  });

  const remove = async () => {
    if (!deleting) return;
    try {
      await api.delete(`/companies/${deleting.id}`);
      toastSuccess("settings.companies.toasts.deleted");
      if (editing?.id === deleting.id) clear();
      await refresh();
    } catch (err) {
      toastFailure(err, "settings.companies.toasts.operationError");
    }
  };

  const renew = async (company: Company) => {
    setRenewingId(company.id);
    try {
      const renewed = await api.post<Company>(`/companies/${company.id}/renew`);
      toastSuccess("settings.companies.toasts.renewed", { date: formatDate(renewed?.dueDate) });
      if (editing?.id === company.id && renewed) edit(renewed);
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
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={submit}
        onKeyDown={(event) => {
          if (event.key === "Escape" && editing) clear();
        }}
        sx={{ p: 2 }}
        aria-labelledby="company-form-title"
      >
        <Typography id="company-form-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {editing ? t("settings.companies.editTitle", { name: editing.name }) : t("settings.companies.newTitle")}
        </Typography>
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" },
          }}
        >
          <TextField
            {...form.register("name")}
            label={t("settings.companies.fields.name")}
            size="small"
            required
            error={Boolean(errors.name)}
            helperText={fieldErrorText(errors.name)}
            disabled={isSubmitting}
          />
          <TextField
            {...form.register("email")}
            type="email"
            label={t("settings.companies.fields.email")}
            size="small"
            required
            error={Boolean(errors.email)}
            helperText={fieldErrorText(errors.email)}
            disabled={isSubmitting}
          />
          <TextField
            {...form.register("phone")}
            type="tel"
            label={t("settings.companies.fields.phone")}
            size="small"
            error={Boolean(errors.phone)}
            helperText={fieldErrorText(errors.phone)}
            disabled={isSubmitting}
          />
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
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <TextField
                select
                id="company-status"
                label={t("settings.companies.fields.status")}
                size="small"
                name={field.name}
                inputRef={field.ref}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                disabled={isSubmitting}
              >
                <MenuItem value="true">{t("settings.companies.status.active")}</MenuItem>
                <MenuItem value="false">{t("settings.companies.status.inactive")}</MenuItem>
              </TextField>
            )}
          />
          <TextField
            {...form.register("dueDate")}
            type="date"
            label={t("settings.companies.fields.dueDate")}
            size="small"
            helperText={fieldErrorText(errors.dueDate) ?? t("settings.companies.helpers.dueDate")}
            error={Boolean(errors.dueDate)}
            disabled={isSubmitting}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Controller
            control={form.control}
            name="recurrence"
            render={({ field }) => (
              <TextField
                select
                id="company-recurrence"
                label={t("settings.companies.fields.recurrence")}
                size="small"
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? "MENSAL"}
                onChange={(event) => field.onChange(event.target.value)}
                disabled={isSubmitting}
              >
                {recurrenceOptions.map((recurrence) => (
                  <MenuItem key={recurrence} value={recurrence}>
                    {t(`settings.companies.recurrences.${recurrence}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name="campaignsEnabled"
            render={({ field }) => (
              <TextField
                select
                id="company-campaigns"
                label={t("settings.companies.fields.campaignsEnabled")}
                size="small"
                name={field.name}
                inputRef={field.ref}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                disabled={isSubmitting}
              >
                <MenuItem value="true">{t("settings.companies.campaigns.enabled")}</MenuItem>
                <MenuItem value="false">{t("settings.companies.campaigns.disabled")}</MenuItem>
              </TextField>
            )}
          />
          {editing ? null : (
            <TextField
              {...form.register("password")}
              type="password"
              autoComplete="new-password"
              label={t("settings.companies.fields.password")}
              size="small"
              error={Boolean(errors.password)}
              helperText={fieldErrorText(errors.password) ?? t("settings.companies.helpers.password")}
              disabled={isSubmitting}
              sx={{ gridColumn: { lg: "span 2" } }}
            />
          )}
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
        <Stack
          direction="row"
          sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 1, mb: 1 }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t("settings.companies.listTitle")}
          </Typography>
          <DueDateLegend />
        </Stack>
        {companies.isPending ? (
          <Loading />
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t("settings.companies.listTitle")}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("settings.companies.fields.name")}</TableCell>
                  <TableCell>{t("settings.companies.fields.email")}</TableCell>
                  <TableCell>{t("settings.companies.fields.phone")}</TableCell>
                  <TableCell>{t("settings.companies.fields.plan")}</TableCell>
                  <TableCell>{t("settings.companies.fields.status")}</TableCell>
                  <TableCell>{t("settings.companies.fields.createdAt")}</TableCell>
                  <TableCell>{t("settings.companies.fields.dueDate")}</TableCell>
                  <TableCell>{t("settings.companies.fields.recurrence")}</TableCell>
                  <TableCell align="right">{t("settings.companies.fields.actions")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(companies.data ?? []).length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={9} align="center" sx={{ color: "text.secondary", py: 4 }}>
                      {t("settings.companies.empty")}
                    </TableCell>
                  </TableRow>
                ) : null}
                {(companies.data ?? []).map((company) => {
                  const colour = dueDateColour(company.dueDate, now);
                  return (
                    <TableRow
                      key={company.id}
                      hover
                      selected={editing?.id === company.id}
                      data-due={colour ?? undefined}
                      sx={colour ? { backgroundColor: DUE_DATE_ROW_BACKGROUND[colour] } : undefined}
                    >
                      <TableCell>{company.name}</TableCell>
                      <TableCell>{company.email}</TableCell>
                      <TableCell>{company.phone}</TableCell>
                      <TableCell>{company.plan?.name ?? ""}</TableCell>
                      <TableCell>
                        {company.status
                          ? t("settings.companies.status.active")
                          : t("settings.companies.status.inactive")}
                      </TableCell>
                      <TableCell>{formatDate(company.createdAt)}</TableCell>
                      <TableCell>
                        {company.dueDate ? formatDate(company.dueDate) : t("settings.companies.noDueDate")}
                      </TableCell>
                      <TableCell>
                        {t(`settings.companies.recurrences.${company.recurrence}`, {
                          defaultValue: company.recurrence ?? "",
                        })}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
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
                        <Tooltip title={t("settings.buttons.edit")}>
                          <IconButton
                            size="small"
                            aria-label={`${t("settings.buttons.edit")} ${company.name}`}
                            onClick={() => edit(company)}
                          >
                            <EditOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t("settings.buttons.delete")}>
                          <IconButton
                            size="small"
                            aria-label={`${t("settings.buttons.delete")} ${company.name}`}
                            onClick={() => setDeleting(company)}
                          >
                            <DeleteOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>

      <ConfirmationModal
        open={Boolean(deleting)}
        title={t("settings.companies.confirmDelete.title", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={remove}
        confirmLabel={t("settings.buttons.delete")}
      >
        {t("settings.companies.confirmDelete.message")}
      </ConfirmationModal>
    </Stack>
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
