import { Alert, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { useConnections } from "../connections/useConnections";

const PASTE = "paste";

export interface TokenPanelProps {
  token: string;
  onTokenChange: (token: string) => void;
  /** A send was tried without a token. */
  missing: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The token both test forms send with: a connection's own (GET /whatsapp
 * answers it to admins) or one pasted. The chosen connection is the one whose
 * token is in the field, so editing the field by hand leaves the choice.
 */
export function TokenPanel({ token, onTokenChange, missing, inputRef }: TokenPanelProps) {
  const { t } = useTranslation();
  const { data: connections = [] } = useConnections();
  const chosen = token.trim() ? connections.find((connection) => connection.token === token.trim()) : undefined;

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <div>
          <Typography variant="h6" component="h2">
            {t("messagesAPI.token.title")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("messagesAPI.token.hint")}
          </Typography>
        </div>
        <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
          <TextField
            select
            label={t("messagesAPI.token.connection")}
            value={chosen ? String(chosen.id) : PASTE}
            onChange={(event) => {
              const picked = connections.find((connection) => String(connection.id) === event.target.value);
              onTokenChange(picked?.token ?? "");
            }}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value={PASTE}>{t("messagesAPI.token.paste")}</MenuItem>
            {connections.map((connection) => (
              <MenuItem key={connection.id} value={String(connection.id)} disabled={!connection.token}>
                {connection.token ? connection.name : `${connection.name} (${t("messagesAPI.token.noToken")})`}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t("messagesAPI.token.field")}
            value={token}
            onChange={(event) => onTokenChange(event.target.value)}
            inputRef={inputRef}
            required
            error={missing && !token.trim()}
            helperText={missing && !token.trim() ? t("messagesAPI.token.required") : undefined}
            fullWidth
            slotProps={{ htmlInput: { autoComplete: "off", spellCheck: false, sx: { fontFamily: "monospace" } } }}
          />
        </Stack>
        {chosen && chosen.status !== "CONNECTED" ? (
          <Alert severity="warning">{t("messagesAPI.token.notConnected")}</Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
