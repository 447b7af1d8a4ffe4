import { Box, Link, Stack } from "@mui/material";
import { useEffect } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { useSession } from "../../app/session";
import { SubmitButton } from "../../components/SubmitButton";
import { EmailField, PasswordField } from "./AuthFields";
import { AuthLayout } from "./AuthLayout";

type LoginValues = { email: string; password: string };

const loadResolver = () => import("./loginResolver");

/** Validates with the shared LoginBody schema, fetched after the screen shows (the chunk holds zod). */
const resolver: Resolver<LoginValues> = async (values, context, options) =>
  (await loadResolver()).loginResolver(values, context, options);

export default function LoginPage() {
  const { t } = useTranslation();
  const { login } = useSession();
  // Fetched while the user types, so the first submit does not wait for it; a failure is retried on submit.
  // The two pages linked from here come too: their address changes at once on a click, and while a page's
  // chunk loaded this form stayed drawn under the new address, taking what a quick typist meant for it.
  useEffect(() => {
    loadResolver().catch(() => undefined);
    import("./ForgetPasswordPage").catch(() => undefined);
    import("./SignupPage").catch(() => undefined);
  }, []);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver, defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    await login(values.email, values.password);
  });

  return (
    <AuthLayout title={t("login.title")} subtitle={t("login.subtitle")}>
      <Box component="form" onSubmit={onSubmit} noValidate aria-label={t("login.title")}>
        <Stack spacing={2}>
          <EmailField registration={register("email")} label={t("login.form.email")} error={errors.email} autoFocus />
          <PasswordField
            registration={register("password")}
            label={t("login.form.password")}
            autoComplete="current-password"
            error={errors.password}
            toggleLabels={{ show: t("login.form.showPassword"), hide: t("login.form.hidePassword") }}
          />
          <Box sx={{ display: "flex", justifyContent: "flex-end", mt: "4px !important" }}>
            <Link component={RouterLink} to="/forgetpsw" variant="body2">
              {t("login.buttons.forgotPassword")}
            </Link>
          </Box>
          <SubmitButton size="large" spinnerSize={18} submitting={isSubmitting}>
            {t("login.buttons.submit")}
          </SubmitButton>
          <Link component={RouterLink} to="/signup" variant="body2" sx={{ textAlign: "center" }}>
            {t("login.buttons.register")}
          </Link>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
