import { ResetPasswordForm, TOAST_DURATION_MS } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, Link, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import { z } from "zod";
import { ApiError, api, toastError } from "../../api/client";
import { SubmitButton } from "../../components/SubmitButton";
import { EmailField, PasswordField } from "./AuthFields";
import { AuthLayout } from "./AuthLayout";
import { useFieldError } from "./useFieldError";

const EmailStep = z.object({ email: z.email("invalidEmail").trim().toLowerCase() });
type EmailValues = z.infer<typeof EmailStep>;
type ResetValues = z.infer<typeof ResetPasswordForm>;

function EmailForm({ defaultEmail, onSent }: { defaultEmail: string; onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailValues>({ resolver: zodResolver(EmailStep), defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await api.post("/forgetpassword/{email}", { params: { email } });
      toast.success(t("resetPassword.toasts.emailSent"), { autoClose: TOAST_DURATION_MS });
      onSent(email);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404)
        toast.error(t("resetPassword.toasts.emailNotFound"), { autoClose: TOAST_DURATION_MS });
      else toastError(err);
    }
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label={t("resetPassword.title")}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t("resetPassword.stepOne")}
        </Typography>
        <EmailField
          registration={register("email")}
          label={t("resetPassword.form.email")}
          error={errors.email}
          autoFocus
        />
        <SubmitButton size="large" spinnerSize={18} submitting={isSubmitting}>
          {t("resetPassword.buttons.submitEmail")}
        </SubmitButton>
      </Stack>
    </Box>
  );
}

function ResetForm({ email, onBack, onDone }: { email: string; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({
    resolver: zodResolver(ResetPasswordForm),
    defaultValues: { email, token: "", password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.post("/resetpasswords", {
        body: { email: values.email, token: values.token, password: values.password },
      });
      toast.success(t("resetPassword.toasts.passwordUpdated"), { autoClose: TOAST_DURATION_MS });
      onDone();
    } catch (err) {
      toastError(err);
    }
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label={t("resetPassword.title")}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t("resetPassword.stepTwo")}
        </Typography>
        <EmailField registration={register("email")} label={t("resetPassword.form.email")} error={errors.email} />
        <TextField
          {...register("token")}
          id="token"
          label={t("resetPassword.form.verificationCode")}
          autoComplete="one-time-code"
          autoFocus
          required
          error={Boolean(errors.token)}
          helperText={fieldError(errors.token)}
        />
        <PasswordField
          registration={register("password")}
          label={t("resetPassword.form.newPassword")}
          error={errors.password}
          hint={t("resetPassword.form.passwordRule")}
        />
        <PasswordField
          registration={register("confirmPassword")}
          id="confirmPassword"
          label={t("resetPassword.form.confirmPassword")}
          error={errors.confirmPassword}
        />
        <SubmitButton size="large" spinnerSize={18} submitting={isSubmitting}>
          {t("resetPassword.buttons.submitPassword")}
        </SubmitButton>
        <Button onClick={onBack} color="inherit" disabled={isSubmitting}>
          {t("resetPassword.buttons.back")}
        </Button>
      </Stack>
    </Box>
  );
}

/** Two steps: ask for the code by email, then set the new password with it (document 2 section 2). */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const companyId = params.get("companyId");
  const [step, setStep] = useState<"email" | "reset">("email");
  const [email, setEmail] = useState("");
  const signupLink = companyId ? `/signup?companyId=${encodeURIComponent(companyId)}` : "/signup";

  return (
    <AuthLayout title={t("resetPassword.title")}>
      {step === "email" ? (
        <EmailForm
          defaultEmail={email}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep("reset");
          }}
        />
      ) : (
        <ResetForm
          email={email}
          onBack={() => setStep("email")}
          onDone={() => {
            setStep("email");
            navigate("/login", { replace: true });
          }}
        />
      )}
      <Stack spacing={1} sx={{ mt: 2, textAlign: "center" }}>
        <Link component={RouterLink} to="/login" variant="body2">
          {t("resetPassword.buttons.login")}
        </Link>
        <Link component={RouterLink} to={signupLink} variant="body2">
          {t("resetPassword.buttons.signup")}
        </Link>
      </Stack>
    </AuthLayout>
  );
}
