import type { SimulatorLocation } from "@atendo/shared";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { onlyDigits } from "../../utils/phone";
import { buildVcard } from "./simulatorApi";

/** Avenida Paulista: a location everyone in the demo recognises. */
const DEFAULT_LOCATION = { lat: "-23.561414", lng: "-46.655881", description: "Av. Paulista, 1578 - São Paulo" };

interface DialogProps<T> {
  open: boolean;
  onClose: () => void;
  onSend: (value: T) => void;
}

/**
 * The frame both composer dialogs share: a form whose send button stays disabled
 * until `canSend`, and which closes once the value is handed to `send`.
 */
function ComposerDialog({
  open,
  onClose,
  titleId,
  title,
  canSend,
  send,
  children,
}: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  title: string;
  canSend: boolean;
  send: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    send();
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent dividers>
          <Stack spacing={2}>{children}</Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t("simulator.buttons.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={!canSend}>
            {t("simulator.buttons.send")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Asks for the coordinates and description of a location message. */
export function LocationDialog({ open, onClose, onSend }: DialogProps<SimulatorLocation>) {
  const { t } = useTranslation();
  const [values, setValues] = useState(DEFAULT_LOCATION);
  const lat = Number(values.lat);
  const lng = Number(values.lng);
  const latValid = values.lat.trim() !== "" && Number.isFinite(lat) && Math.abs(lat) <= 90;
  const lngValid = values.lng.trim() !== "" && Number.isFinite(lng) && Math.abs(lng) <= 180;
  return (
    <ComposerDialog
      open={open}
      onClose={onClose}
      titleId="simulator-location-title"
      title={t("simulator.location.title")}
      canSend={latValid && lngValid}
      send={() => onSend({ lat, lng, description: values.description.trim() || undefined })}
    >
      <Stack direction="row" spacing={2}>
        <TextField
          label={t("simulator.location.lat")}
          value={values.lat}
          onChange={(event) => setValues({ ...values, lat: event.target.value })}
          error={!latValid}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
        <TextField
          label={t("simulator.location.lng")}
          value={values.lng}
          onChange={(event) => setValues({ ...values, lng: event.target.value })}
          error={!lngValid}
          fullWidth
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
      </Stack>
      <TextField
        label={t("simulator.location.description")}
        value={values.description}
        onChange={(event) => setValues({ ...values, description: event.target.value })}
        fullWidth
      />
    </ComposerDialog>
  );
}

/** Asks for the name and number of a contact card (sent as a vCard). */
export function ContactCardDialog({ open, onClose, onSend }: DialogProps<string>) {
  const { t } = useTranslation();
  const [name, setName] = useState("Maria Souza");
  const [number, setNumber] = useState("5511988887777");
  const digits = onlyDigits(number);
  const valid = name.trim().length > 0 && digits.length >= 8;
  return (
    <ComposerDialog
      open={open}
      onClose={onClose}
      titleId="simulator-contact-title"
      title={t("simulator.contactCard.title")}
      canSend={valid}
      send={() => onSend(buildVcard(name, digits))}
    >
      <TextField
        label={t("simulator.contactCard.name")}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={name.trim().length === 0}
        autoFocus
        fullWidth
      />
      <TextField
        label={t("simulator.contactCard.number")}
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        error={digits.length < 8}
        helperText={t("simulator.customer.numberHelp")}
        fullWidth
        slotProps={{ htmlInput: { inputMode: "tel" } }}
      />
    </ComposerDialog>
  );
}
