import { DEFAULT_WEEK_SCHEDULE, SchedulesBody, type WorkingHours } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  Box,
  Button,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { api } from "../../api/client";
import { Loading } from "../../components/Loading";
import { fieldErrorText, toastFailure, toastSuccess } from "./feedback";
import { fetchCompany, SILENT, settingsKeys } from "./queries";

type SchedulesInput = z.input<typeof SchedulesBody>;
type SchedulesOutput = z.output<typeof SchedulesBody>;

/**
 * The 7 rows of the form, Monday to Sunday: the company's entry for each day
 * when it has one, else the default week's.
 */
export function weekRows(schedules: readonly WorkingHours[] | null | undefined): WorkingHours[] {
  return DEFAULT_WEEK_SCHEDULE.map((day) => {
    const saved = schedules?.find((entry) => entry.weekdayEn === day.weekdayEn);
    return {
      weekday: saved?.weekday || day.weekday,
      weekdayEn: day.weekdayEn,
      startTime: saved?.startTime ?? day.startTime,
      endTime: saved?.endTime ?? day.endTime,
    };
  });
}

/** Keeps what the user types in the ##:## shape: digits only, a colon after the hours. */
export function maskTime(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

export function SchedulesTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const company = useQuery({
    queryKey: settingsKeys.company(companyId),
    queryFn: () => fetchCompany(companyId),
    meta: SILENT,
  });

  const form = useForm<SchedulesInput, unknown, SchedulesOutput>({
    resolver: zodResolver(SchedulesBody),
    defaultValues: { schedules: weekRows(undefined) },
  });
  const { fields } = useFieldArray({ control: form.control, name: "schedules" });

  useEffect(() => {
    if (company.data) form.reset({ schedules: weekRows(company.data.schedules) });
  }, [company.data, form]);

  useEffect(() => {
    if (company.error) toastFailure(company.error, "settings.schedules.loadError");
  }, [company.error]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await api.put("/companies/{id}/schedules", { params: { id: companyId }, body: values });
      if (saved && typeof saved === "object" && Array.isArray(saved.schedules)) {
        queryClient.setQueryData(settingsKeys.company(companyId), saved);
      } else await queryClient.invalidateQueries({ queryKey: settingsKeys.company(companyId) });
      toastSuccess("settings.schedules.success");
    } catch (err) {
      toastFailure(err, "errors.generic");
    }
  });

  if (company.isPending) return <Loading />;

  const submitting = form.formState.isSubmitting;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="schedules-title">
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        <Typography id="schedules-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t("settings.schedules.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("settings.schedules.description")}
        </Typography>
      </Stack>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t("settings.schedules.weekday")}</TableCell>
              <TableCell>{t("settings.schedules.startTime")}</TableCell>
              <TableCell>{t("settings.schedules.endTime")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((row, index) => {
              const dayLabel = t(`settings.schedules.days.${row.weekdayEn}`, { defaultValue: row.weekday });
              return (
                <TableRow key={row.id}>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: "nowrap" }}>
                    {dayLabel}
                  </TableCell>
                  {(["startTime", "endTime"] as const).map((part) => (
                    <TableCell key={part}>
                      <Controller
                        control={form.control}
                        name={`schedules.${index}.${part}`}
                        render={({ field, fieldState }) => (
                          <TextField
                            {...field}
                            value={field.value ?? ""}
                            onChange={(event) => field.onChange(maskTime(event.target.value))}
                            size="small"
                            placeholder="08:00"
                            error={Boolean(fieldState.error)}
                            helperText={fieldErrorText(fieldState.error)}
                            disabled={submitting}
                            slotProps={{
                              htmlInput: {
                                inputMode: "numeric",
                                maxLength: 5,
                                "aria-label": `${dayLabel} — ${t(`settings.schedules.${part}`)}`,
                              },
                            }}
                            sx={{ maxWidth: 140 }}
                          />
                        )}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" sx={{ justifyContent: "flex-end", mt: 2 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={submitting}
          startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t("settings.buttons.save")}
        </Button>
      </Stack>
    </Box>
  );
}
