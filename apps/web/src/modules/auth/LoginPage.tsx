import { LoginBody } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import { Box, Button, CircularProgress, IconButton, InputAdornment, Link, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { useSession } from "../../app/session";
import { AuthLayout } from "./AuthLayout";
import { useFieldError } from "./useFieldError";

type LoginValues = { email: string; password: string };

export default function LoginPage() {
  const { t } = useTranslation();
  const { login } = useSession();
  const fieldError = useFieldError();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(LoginBody), defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    await login(values.email, values.password);
  });

  return (
    <AuthLayout title={t("login.title")} subtitle={t("login.subtitle")}>
      <Box component="form" onSubmit={onSubmit} noValidate aria-label={t("login.title")}>
        <Stack spacing={2}>
          <TextField
            {...register("email")}
            id="email"
            label={t("login.form.email")}
            type="email"
            autoComplete="email"
            autoFocus
            required
            error={Boolean(errors.email)}
            helperText={fieldError(errors.email)}
          />
          <TextField
            {...register("password")}
            id="password"
            label={t("login.form.password")}
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            required
            error={Boolean(errors.password)}
            helperText={fieldError(errors.password)}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showPassword ? t("login.form.hidePassword") : t("login.form.showPassword")}
                      onClick={() => setShowPassword((value) => !value)}
                      edge="end"
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box sx={{ display: "flex", justifyContent: "flex-end", mt: "4px !important" }}>
            <Link component={RouterLink} to="/forgetpsw" variant="body2">
              {t("login.buttons.forgotPassword")}
            </Link>
          </Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : null}
          >
            {t("login.buttons.submit")}
          </Button>
          <Link component={RouterLink} to="/signup" variant="body2" sx={{ textAlign: "center" }}>
            {t("login.buttons.register")}
          </Link>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
