import {
  CURRENCY,
  CURRENCY_LOCALE,
  SIGNUP_RECURRENCE,
  SIGNUP_TRIAL_DAYS,
  SignupBody,
  TOAST_DURATION_MS,
} from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Box, CircularProgress, Link, MenuItem, Stack, TextField } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import type { z } from "zod";
import { ApiError, api, toastError } from "../../api/client";
import { SubmitButton } from "../../components/SubmitButton";
import { addDays } from "../../utils/date";
import { maskPhone } from "../../utils/phone";
import { EmailField, PasswordField } from "./AuthFields";
import { AuthLayout } from "./AuthLayout";
import { useFieldError } from "./useFieldError";

/** The signup form: the shared body's rules, for the fields a person types. */
const SignupForm = SignupBody.pick({ name: true, email: true, phone: true, planId: true, password: true });
type SignupInput = z.input<typeof SignupForm>;
type SignupOutput = z.output<typeof SignupForm>;

const money = new Intl.NumberFormat(CURRENCY_LOCALE, { style: "currency", currency: CURRENCY });

export default function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const companyId = Number(params.get("companyId")) || undefined;
  const fieldError = useFieldError();

  const plans = useQuery({
    queryKey: ["plans", "public"],
    queryFn: () => api.get("/plans/list"),
    meta: { silent: true },
  });

  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupOutput>({
    resolver: zodResolver(SignupForm),
    defaultValues: { name: "", email: "", phone: "", planId: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.post("/companies/cadastro", {
        body: {
          ...values,
          phone: values.phone ?? "",
          companyId,
          recurrence: SIGNUP_RECURRENCE,
          dueDate: addDays(new Date(), SIGNUP_TRIAL_DAYS).toISOString(),
          status: true,
          campaignsEnabled: true,
        },
      });
      toast.success(t("signup.toasts.success"), { autoClose: TOAST_DURATION_MS });
      navigate("/login", { replace: true });
    } catch (err) {
      // A named refusal (creation disabled, email taken) says why; anything else asks to check the data.
      if (
        err instanceof ApiError &&
        err.code &&
        err.code !== "ERR_VALIDATION" &&
        err.code !== "ERR_INTERNAL_SERVER_ERROR"
      )
        toastError(err);
      else toast.error(t("signup.toasts.fail"), { autoClose: TOAST_DURATION_MS });
    }
  });

  const planList = plans.data ?? [];

  return (
    <AuthLayout title={t("signup.title")} subtitle={t("signup.subtitle")}>
      <Box component="form" onSubmit={onSubmit} noValidate aria-label={t("signup.title")}>
        <Stack spacing={2}>
          <TextField
            {...register("name")}
            id="name"
            label={t("signup.form.name")}
            autoComplete="organization"
            autoFocus
            required
            error={Boolean(errors.name)}
            helperText={fieldError(errors.name)}
          />
          <EmailField registration={register("email")} label={t("signup.form.email")} error={errors.email} />
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <TextField
                id="phone"
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ""}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(maskPhone(event.target.value))}
                label={t("signup.form.phone")}
                type="tel"
                autoComplete="tel-national"
                placeholder="(99) 99999-9999"
                error={Boolean(errors.phone)}
                helperText={fieldError(errors.phone)}
                slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 15 } }}
              />
            )}
          />
          <Controller
            control={control}
            name="planId"
            render={({ field }) => (
              <TextField
                id="planId"
                select
                name={field.name}
                inputRef={field.ref}
                value={field.value === undefined || field.value === null ? "" : String(field.value)}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.value)}
                label={t("signup.form.plan")}
                required
                error={Boolean(errors.planId) || plans.isError}
                helperText={plans.isError ? t("signup.toasts.plansError") : fieldError(errors.planId)}
                slotProps={{
                  input: {
                    endAdornment: plans.isLoading ? <CircularProgress size={18} sx={{ mr: 3 }} /> : undefined,
                  },
                }}
              >
                {planList.length === 0 ? (
                  <MenuItem value="" disabled>
                    {plans.isLoading ? t("signup.form.loadingPlans") : t("signup.form.noPlans")}
                  </MenuItem>
                ) : (
                  planList.map((plan) => (
                    <MenuItem key={plan.id} value={String(plan.id)}>
                      {t("signup.form.planOption", {
                        name: plan.name,
                        users: plan.users,
                        connections: plan.connections,
                        queues: plan.queues,
                        value: money.format(plan.value),
                      })}
                    </MenuItem>
                  ))
                )}
              </TextField>
            )}
          />
          <PasswordField
            registration={register("password")}
            label={t("signup.form.password")}
            error={errors.password}
          />
          <SubmitButton size="large" spinnerSize={18} submitting={isSubmitting}>
            {t("signup.buttons.submit")}
          </SubmitButton>
          <Link component={RouterLink} to="/login" variant="body2" sx={{ textAlign: "center" }}>
            {t("signup.buttons.login")}
          </Link>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
