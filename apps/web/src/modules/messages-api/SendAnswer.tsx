import { Alert, Chip, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { CodeBlock } from "./CodeBlock";
import { answerErrorCode, type ExternalSendResult } from "./messagesApi";

/** The outcome of a test send: the server's answer, or no answer at all (the network failed). */
export type SendOutcome = { kind: "answer"; result: ExternalSendResult } | { kind: "network" };

/** The status and the JSON the server answered, with what an error code means for this call. */
export function SendAnswer({ outcome }: { outcome: SendOutcome }) {
  const { t, i18n } = useTranslation();
  const title = t("messagesAPI.answer.title");

  if (outcome.kind === "network") {
    return (
      <Alert severity="error" aria-label={title}>
        <strong>{t("messagesAPI.answer.network")}</strong> {t("errors.network")}
      </Alert>
    );
  }

  const { result } = outcome;
  const ok = result.status >= 200 && result.status < 300;
  const code = answerErrorCode(result);
  const explanation =
    code &&
    (i18n.exists(`messagesAPI.answerErrors.${code}`)
      ? t(`messagesAPI.answerErrors.${code}`)
      : i18n.exists(`errors.${code}`)
        ? t(`errors.${code}`)
        : undefined);
  const json = typeof result.body === "string" ? result.body : JSON.stringify(result.body, null, 2);

  return (
    <Stack spacing={1} role="status" aria-label={title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Typography variant="subtitle2">{title}</Typography>
        <Chip
          size="small"
          color={ok ? "success" : "error"}
          label={t("messagesAPI.answer.status", { status: result.status })}
        />
      </Stack>
      {explanation ? <Alert severity="error">{explanation}</Alert> : null}
      <CodeBlock code={json} label={`${title} JSON`} />
    </Stack>
  );
}
