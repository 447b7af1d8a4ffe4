import { EXTERNAL_API_RATE_LIMIT, MESSAGE_MEDIAS_MAX, UPLOAD_LIMITS_BYTES } from "@atendo/shared";
import DescriptionOutlinedIcon from "@mui/icons-material/DescriptionOutlined";
import { Box, Button, Paper, Stack, Table, TableBody, TableCell, TableRow, Typography } from "@mui/material";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BACKEND_URL } from "../../api/client";
import { MainContainer, MainHeader, MainHeaderButtonsWrapper, Title } from "../../components";
import { megabytes } from "../../utils/uploadLimits";
import { CodeBlock } from "./CodeBlock";
import { apiOrigin, curlExamples, EXTERNAL_SEND_PATH, OPENAPI_JSON_PATH, OPENAPI_UI_PATH } from "./messagesApi";
import { JsonSendTest, MultipartSendTest } from "./SendTestForms";
import { TokenPanel } from "./TokenPanel";

/** The answers the call documents, in the order a request meets them. */
const ERROR_ROWS = [
  { status: 401, code: "ERR_INVALID_TOKEN" },
  { status: 429, code: "ERR_TOO_MANY_REQUESTS" },
  { status: 403, code: "ERR_NO_PERMISSION" },
  { status: 400, code: "ERR_VALIDATION" },
  { status: 413, code: "ERR_PAYLOAD_TOO_LARGE" },
  { status: 400, code: "ERR_WAPP_NOT_INITIALIZED" },
] as const;

const EXAMPLE = { number: "5511999998888", body: "Olá! Seu pedido saiu para entrega.", file: "./pedido.png" };

function DocSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * /messages-api: how other systems send WhatsApp messages with a connection's
 * token (POST /api/messages/send, document 2 section 7), with a JSON and a
 * multipart form that send for real. The plan gate lives on the route.
 */
export default function MessagesApiPage() {
  const { t } = useTranslation();
  const [token, setToken] = useState("");
  const [tokenMissing, setTokenMissing] = useState(false);
  const tokenInput = useRef<HTMLInputElement>(null);
  const origin = apiOrigin();
  const curl = curlExamples(origin, token, EXAMPLE);

  const onTokenMissing = () => {
    setTokenMissing(true);
    tokenInput.current?.focus();
  };

  return (
    <MainContainer>
      <MainHeader>
        <Title subtitle={t("messagesAPI.subtitle")}>{t("messagesAPI.title")}</Title>
        <MainHeaderButtonsWrapper>
          <Button
            variant="outlined"
            startIcon={<DescriptionOutlinedIcon />}
            href={`${BACKEND_URL}${OPENAPI_UI_PATH}`}
            target="_blank"
            rel="noopener"
          >
            {t("messagesAPI.openapi")}
          </Button>
          <Button href={`${BACKEND_URL}${OPENAPI_JSON_PATH}`} target="_blank" rel="noopener">
            {t("messagesAPI.openapiJson")}
          </Button>
        </MainHeaderButtonsWrapper>
      </MainHeader>

      <Box sx={{ flex: 1, minHeight: 0, overflow: "auto" }}>
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2.5}>
              <Typography variant="h6" component="h2">
                {t("messagesAPI.doc.title")}
              </Typography>
              <DocSection title={t("messagesAPI.doc.endpoint")}>
                <CodeBlock code={`POST ${origin}${EXTERNAL_SEND_PATH}`} label={t("messagesAPI.doc.endpoint")} />
              </DocSection>
              <DocSection title={t("messagesAPI.doc.auth")}>
                <CodeBlock code={t("messagesAPI.doc.authValue")} label={t("messagesAPI.doc.auth")} />
                <Typography variant="body2">{t("messagesAPI.doc.tokenHint")}</Typography>
                <Typography variant="body2">{t("messagesAPI.doc.number")}</Typography>
                <Typography variant="body2">{t("messagesAPI.doc.rate", { limit: EXTERNAL_API_RATE_LIMIT })}</Typography>
              </DocSection>
              <DocSection title={t("messagesAPI.doc.jsonTitle")}>
                <Typography variant="body2">{t("messagesAPI.doc.jsonText")}</Typography>
                <CodeBlock code={curl.json} label={`${t("messagesAPI.doc.curl")} (JSON)`} copyable />
              </DocSection>
              <DocSection title={t("messagesAPI.doc.multipartTitle")}>
                <Typography variant="body2">
                  {t("messagesAPI.doc.multipartText", { max: MESSAGE_MEDIAS_MAX })}
                </Typography>
                <Typography variant="body2">
                  {t("messagesAPI.doc.limits", {
                    image: megabytes(UPLOAD_LIMITS_BYTES.image),
                    audio: megabytes(UPLOAD_LIMITS_BYTES.audio),
                    video: megabytes(UPLOAD_LIMITS_BYTES.video),
                  })}
                </Typography>
                <CodeBlock code={curl.multipart} label={`${t("messagesAPI.doc.curl")} (multipart)`} copyable />
              </DocSection>
              <DocSection title={t("messagesAPI.doc.answerTitle")}>
                <Typography variant="body2">{t("messagesAPI.doc.answerText")}</Typography>
              </DocSection>
              <DocSection title={t("messagesAPI.doc.errorsTitle")}>
                <Table size="small" aria-label={t("messagesAPI.doc.errorsTitle")}>
                  <TableBody>
                    {ERROR_ROWS.map((row) => (
                      // On phones a code beside its meaning got a third of the width and broke
                      // mid-word (ERR_INV/ALID_TO/KEN): there the code sits above its meaning.
                      <TableRow key={row.code}>
                        <TableCell
                          sx={{
                            width: { md: 320 },
                            verticalAlign: "top",
                            display: { xs: "block", sm: "table-cell" },
                            borderBottom: { xs: "none", sm: undefined },
                            pb: { xs: 0, sm: undefined },
                          }}
                        >
                          <Typography
                            variant="body2"
                            component="span"
                            sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}
                          >
                            {row.status} {row.code}
                          </Typography>
                        </TableCell>
                        <TableCell sx={{ verticalAlign: "top", display: { xs: "block", sm: "table-cell" } }}>
                          {t(`messagesAPI.answerErrors.${row.code}`)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </DocSection>
            </Stack>
          </Paper>

          <TokenPanel
            token={token}
            onTokenChange={(value) => {
              setToken(value);
              setTokenMissing(false);
            }}
            missing={tokenMissing}
            inputRef={tokenInput}
          />

          <Stack
            direction={{ xs: "column", lg: "row" }}
            spacing={2}
            sx={{ alignItems: { xs: "stretch", lg: "flex-start" } }}
          >
            <JsonSendTest token={token} onTokenMissing={onTokenMissing} />
            <MultipartSendTest token={token} onTokenMissing={onTokenMissing} />
          </Stack>
        </Stack>
      </Box>
    </MainContainer>
  );
}
