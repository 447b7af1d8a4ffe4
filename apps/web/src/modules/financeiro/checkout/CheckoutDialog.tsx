import {
  CHECKOUT_COUNTRIES,
  companyEvent,
  DEFAULT_CHECKOUT_PRICE,
  type Invoice,
  PAYMENT_CONCLUDED_ACTION,
  PAYMENT_REDIRECT_DELAY_MS,
  type SubscriptionAnswer,
  SubscriptionBody,
} from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  MenuItem,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { ApiError, toastError } from "../../../api/client";
import { useSession } from "../../../app/session";
import { usePlan } from "../../../app/usePlan";
import { SubmitButton } from "../../../components";
import { useSocketEvent } from "../../../realtime/socket";
import { formatDate } from "../../../utils/date";
import {
  type CheckoutPlan,
  checkoutPlansKey,
  createSubscription,
  fetchCheckoutPlans,
  formatMoney,
  invoicesKeys,
} from "../invoicesApi";
import { CHECKOUT_STEPS, type CheckoutFormInput, checkoutErrorKey, emptyCheckout, STEP_FIELDS } from "./checkoutForm";
import { PixStep } from "./PixStep";

interface CheckoutDialogProps {
  open: boolean;
  /** The invoice being paid. */
  invoice: Invoice | null;
  onClose: () => void;
}

type StepIndex = 0 | 1 | 2 | 3;
const PIX_STEP: StepIndex = 3;

/**
 * The checkout wizard (document 1 sections 2 and 4): Data, Customize (plan),
 * Review; paying creates the Pix charge, then the Pix step waits for
 * `company-{id}-payment` with action CONCLUIDA, shows the renewal toast and
 * goes to / after 4 seconds.
 */
export function CheckoutDialog({ open, invoice, onClose }: CheckoutDialogProps) {
  const { t } = useTranslation();
  const { user, refreshUser } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const companyPlan = usePlan();
  const [step, setStep] = useState<StepIndex>(0);
  const [charge, setCharge] = useState<SubscriptionAnswer | null>(null);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);

  const plans = useQuery({ queryKey: checkoutPlansKey, queryFn: fetchCheckoutPlans, enabled: open });
  const payablePlans = (plans.data ?? []).filter((plan) => plan.value > 0);

  const form = useForm<CheckoutFormInput, unknown, SubscriptionBody>({
    resolver: zodResolver(SubscriptionBody),
    defaultValues: emptyCheckout(invoice?.id ?? 0, undefined),
    mode: "onTouched",
  });
  const { control, handleSubmit, reset, setValue, trigger, watch, setError, formState } = form;

  // A new invoice starts the wizard over.
  useEffect(() => {
    if (!open || !invoice) return;
    reset(emptyCheckout(invoice.id, undefined));
    setStep(0);
    setCharge(null);
    setRenewedUntil(null);
  }, [open, invoice, reset]);

  useEffect(() => {
    if (plans.isError) toastError(plans.error);
  }, [plans.isError, plans.error]);

  const choosePlan = (plan: CheckoutPlan | undefined) => {
    if (!plan) return;
    setValue("plan", plan.id, { shouldValidate: true });
    setValue("price", plan.value);
    setValue("users", plan.users);
    setValue("connections", plan.connections);
  };

  // The company's own plan comes preselected once both lists are known.
  const chosenPlanId = Number(watch("plan"));
  const defaultPlan = payablePlans.find((plan) => plan.id === companyPlan.data?.id) ?? payablePlans[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: choose once, when the plans arrive
  useEffect(() => {
    if (open && !(chosenPlanId > 0)) choosePlan(defaultPlan);
  }, [open, chosenPlanId, defaultPlan?.id]);

  useSocketEvent(charge && user ? companyEvent.payment(user.companyId) : null, (payload) => {
    if (payload.action !== PAYMENT_CONCLUDED_ACTION || renewedUntil) return;
    const date = formatDate(payload.company.dueDate);
    setRenewedUntil(date);
    toast.success(t("checkout.toasts.renewed", { date }), { toastId: "payment-concluded" });
    void queryClient.invalidateQueries({ queryKey: invoicesKeys.all });
    void refreshUser();
  });

  useEffect(() => {
    if (!renewedUntil) return;
    const timer = setTimeout(() => navigate("/", { replace: true }), PAYMENT_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [renewedUntil, navigate]);

  const next = async () => {
    const stepName = CHECKOUT_STEPS[step as 0 | 1 | 2];
    if (await trigger(STEP_FIELDS[stepName] as FieldPath<CheckoutFormInput>[], { shouldFocus: true })) {
      setStep((step + 1) as StepIndex);
    }
  };

  // A field that fails only at the end (the server or a later rule) sends the user back to its step.
  const showStepOf = (fields: string[]) => {
    const index = CHECKOUT_STEPS.findIndex((name) =>
      fields.some((field) => (STEP_FIELDS[name] as string[]).includes(field)),
    );
    if (index >= 0) setStep(index as StepIndex);
  };

  const pay = handleSubmit(
    async (values) => {
      try {
        setCharge(await createSubscription(values));
        setStep(PIX_STEP);
      } catch (err) {
        const fields =
          err instanceof ApiError ? (err.body as { fields?: { path: string; message: string }[] })?.fields : null;
        if (err instanceof ApiError && err.code === "ERR_VALIDATION" && fields?.length) {
          const names = fields.map((field) => field.path.replace(/^body\./, ""));
          fields.forEach((field, index) => {
            setError(names[index] as FieldPath<CheckoutFormInput>, { message: field.message });
          });
          showStepOf(names);
        }
        toastError(err);
      }
    },
    (errors) => showStepOf(Object.keys(errors)),
  );

  const values = watch();
  const chosenPlan = payablePlans.find((plan) => plan.id === chosenPlanId);
  const price = chosenPlan?.value ?? DEFAULT_CHECKOUT_PRICE;

  const textField = (name: keyof CheckoutFormInput & string, required: boolean, helper?: string) => (
    <Controller
      control={control}
      name={name as FieldPath<CheckoutFormInput>}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={(field.value as string | undefined) ?? ""}
          id={`checkout-${name}`}
          label={t(`checkout.fields.${name}`)}
          size="small"
          fullWidth
          required={required}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? t(checkoutErrorKey(name, fieldState.error.message)) : helper}
        />
      )}
    />
  );

  const stepLabels = [...CHECKOUT_STEPS.map((name) => t(`checkout.steps.${name}`)), t("checkout.steps.pix")];

  return (
    <Dialog
      open={open}
      onClose={renewedUntil ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="checkout-title"
    >
      <DialogTitle id="checkout-title">{t("checkout.title")}</DialogTitle>
      <DialogContent dividers>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {stepLabels.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>

        <Box
          component="form"
          id="checkout-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (step < 2) void next();
            else if (step === 2) void pay();
          }}
        >
          {step === 0 ? (
            <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
              {textField("firstName", true)}
              {textField("lastName", false)}
              <Box sx={{ gridColumn: { sm: "span 2" } }}>{textField("address2", true)}</Box>
              {textField("city", true)}
              {textField("state", true)}
              <Controller
                control={control}
                name="country"
                render={({ field }) => (
                  <TextField
                    select
                    id="checkout-country"
                    label={t("checkout.fields.country")}
                    size="small"
                    required
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value}
                    onChange={(event) => {
                      field.onChange(event.target.value);
                      if (formState.touchedFields.zipcode) void trigger("zipcode");
                    }}
                  >
                    {CHECKOUT_COUNTRIES.map((country) => (
                      <MenuItem key={country} value={country}>
                        {country}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              {textField(
                "zipcode",
                true,
                t(
                  values.country === "Brasil"
                    ? "checkout.helpers.zipcodeBrasil"
                    : "checkout.helpers.zipcodeUnitedStates",
                ),
              )}
              <Box sx={{ gridColumn: { sm: "span 2" } }}>
                {textField("cpfCnpj", false, t("checkout.helpers.cpfCnpj"))}
              </Box>
            </Box>
          ) : null}

          {step === 1 ? (
            <Stack spacing={2}>
              <TextField
                select
                id="checkout-plan"
                label={t("checkout.fields.plan")}
                size="small"
                value={chosenPlanId > 0 ? String(chosenPlanId) : ""}
                onChange={(event) => choosePlan(payablePlans.find((plan) => plan.id === Number(event.target.value)))}
                disabled={plans.isPending}
                error={Boolean(formState.errors.plan)}
                helperText={formState.errors.plan ? t("checkout.errors.required") : undefined}
              >
                {payablePlans.map((plan) => (
                  <MenuItem key={plan.id} value={String(plan.id)}>
                    {plan.name}
                  </MenuItem>
                ))}
              </TextField>
              <PlanSummary plan={chosenPlan} price={price} />
            </Stack>
          ) : null}

          {step === 2 ? (
            <Stack spacing={2}>
              <Box>
                <Typography variant="subtitle2" color="text.secondary">
                  {t("checkout.review.customer")}
                </Typography>
                <Typography>{[values.firstName, values.lastName].filter(Boolean).join(" ")}</Typography>
                <Typography>{values.address2}</Typography>
                <Typography>
                  {values.city} - {values.state} · {values.zipcode} · {values.country}
                </Typography>
              </Box>
              <Divider />
              <Box>
                <Typography variant="subtitle2" color="text.secondary">
                  {t("checkout.review.plan")}
                </Typography>
                <PlanSummary plan={chosenPlan} price={price} />
              </Box>
              <Divider />
              <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "baseline" }}>
                <Typography color="text.secondary">
                  {invoice ? t("checkout.review.invoice", { id: invoice.id }) : null} · {t("checkout.review.method")}
                </Typography>
                <Typography variant="h6" component="p" data-testid="checkout-total">
                  {t("checkout.review.total")}: {formatMoney(price)}
                </Typography>
              </Stack>
            </Stack>
          ) : null}

          {step === PIX_STEP && charge ? <PixStep charge={charge} confirmed={Boolean(renewedUntil)} /> : null}
          {renewedUntil ? (
            <Alert severity="success" sx={{ mt: 2 }}>
              {t("checkout.toasts.renewed", { date: renewedUntil })}
            </Alert>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        {step === PIX_STEP ? (
          <Button onClick={onClose} disabled={Boolean(renewedUntil)}>
            {t("checkout.buttons.close")}
          </Button>
        ) : (
          <>
            <Button onClick={step === 0 ? onClose : () => setStep((step - 1) as StepIndex)}>
              {step === 0 ? t("checkout.buttons.close") : t("checkout.buttons.back")}
            </Button>
            {step < 2 ? (
              <Button variant="contained" type="submit" form="checkout-form">
                {t("checkout.buttons.next")}
              </Button>
            ) : (
              <SubmitButton form="checkout-form" submitting={formState.isSubmitting}>
                {t("checkout.buttons.pay")}
              </SubmitButton>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The plan's limits and price, as the Customize and Review steps show them. */
function PlanSummary({ plan, price }: { plan: CheckoutPlan | undefined; price: number }) {
  const { t } = useTranslation();
  const limit = (value: number) => (value > 0 ? value : t("checkout.plan.unlimited"));
  return (
    <Stack spacing={0.5}>
      {plan ? (
        <>
          <Typography sx={{ fontWeight: 600 }}>{plan.name}</Typography>
          <Typography variant="body2">{t("checkout.plan.users", { value: limit(plan.users) })}</Typography>
          <Typography variant="body2">{t("checkout.plan.connections", { value: limit(plan.connections) })}</Typography>
          <Typography variant="body2">{t("checkout.plan.queues", { value: limit(plan.queues) })}</Typography>
        </>
      ) : null}
      <Typography variant="h6" component="p" data-testid="checkout-price">
        {t("checkout.plan.perMonth", { price: formatMoney(price) })}
      </Typography>
    </Stack>
  );
}
