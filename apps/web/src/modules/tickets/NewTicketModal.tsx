import {
  CONTACT_SEARCH_MIN_CHARS,
  type ContactSummary,
  isAdmin,
  OtherOpenTicketData,
  type Ticket,
  TOAST_DURATION_MS,
} from "@atendo/shared";
import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { ApiError, toastError } from "../../api/client";
import { useSession } from "../../app/session";
import { useDebouncedSearch } from "../../components/listing";
import { onlyDigits } from "../../utils/phone";
import { fetchConnections } from "../connections/connectionsApi";
import { ContactModal } from "../contacts/ContactModal";
import { createTicket, fetchQueues, searchContacts, ticketsKeys } from "./ticketsApi";

/** The "add contact" entry at the end of the search results. */
type ContactOption = ContactSummary | { id: 0; name: string; number: ""; email: ""; create: true };

const isCreateOption = (option: ContactOption): option is Extract<ContactOption, { create: true }> =>
  "create" in option;

interface NewTicketModalProps {
  open: boolean;
  onClose: () => void;
  /** The created ticket, or the user's own already open one. */
  onOpenTicket: (ticket: Pick<Ticket, "uuid">) => void;
}

/**
 * New ticket (document 1 sections 2, 4 and 8): a contact found from 3
 * characters (or added on the spot), a queue (required unless admin) and the
 * connection, the user's default one preselected. A ticket already open for
 * the contact is named (its user and queue), or opened when it is the user's.
 */
export function NewTicketModal({ open, onClose, onOpenTicket }: NewTicketModalProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const admin = isAdmin(user);

  const [text, setText] = useState("");
  const [contact, setContact] = useState<ContactSummary | null>(null);
  const [queueId, setQueueId] = useState<number | "">("");
  const [whatsappId, setWhatsappId] = useState<number | "">("");
  const [queueError, setQueueError] = useState(false);
  const [otherTicket, setOtherTicket] = useState<string | null>(null);
  const [addingContact, setAddingContact] = useState(false);
  const [saving, setSaving] = useState(false);

  const term = useDebouncedSearch(text);
  const searchable = term.length >= CONTACT_SEARCH_MIN_CHARS;
  const contactsQuery = useQuery({
    queryKey: ticketsKeys.contactSearch(term),
    queryFn: ({ signal }) => searchContacts(term, signal),
    enabled: open && searchable,
    staleTime: 10_000,
  });

  // Admins pick any queue of the company; attendants their own.
  const queuesQuery = useQuery({
    queryKey: ticketsKeys.queues,
    queryFn: ({ signal }) => fetchQueues(signal),
    enabled: open && admin,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (queuesQuery.isError) toast.error(t("newTicketModal.searchQueueError"), { autoClose: TOAST_DURATION_MS });
  }, [queuesQuery.isError, t]);
  const queues = admin ? (queuesQuery.data ?? []) : (user?.queues ?? []);

  const connectionsQuery = useQuery({
    queryKey: ticketsKeys.connections,
    queryFn: ({ signal }) => fetchConnections(signal),
    enabled: open,
    staleTime: 60_000,
  });
  const connections = connectionsQuery.data ?? [];

  // Preselect the user's connection, else the company's default one.
  useEffect(() => {
    if (!open || whatsappId !== "" || connections.length === 0) return;
    const preferred =
      connections.find((item) => item.id === user?.whatsappId) ?? connections.find((item) => item.isDefault);
    if (preferred) setWhatsappId(preferred.id);
  }, [open, connections, whatsappId, user?.whatsappId]);

  useEffect(() => {
    if (open) return;
    setText("");
    setContact(null);
    setQueueId("");
    setWhatsappId("");
    setQueueError(false);
    setOtherTicket(null);
  }, [open]);

  const options = useMemo<ContactOption[]>(() => {
    if (!searchable) return [];
    const found: ContactOption[] = (contactsQuery.data?.contacts ?? []).map(({ id, name, number, email }) => ({
      id,
      name,
      number,
      email,
    }));
    return [...found, { id: 0, name: term, number: "", email: "", create: true }];
  }, [contactsQuery.data, searchable, term]);

  const submit = async () => {
    if (!contact || saving) return;
    if (!admin && queueId === "") {
      setQueueError(true);
      toast.error(t("newTicketModal.selectQueue"), { autoClose: TOAST_DURATION_MS });
      return;
    }
    setSaving(true);
    setOtherTicket(null);
    try {
      const ticket = await createTicket({
        contactId: contact.id,
        queueId: queueId === "" ? null : queueId,
        whatsappId: whatsappId === "" ? null : whatsappId,
        userId: user?.id ?? null,
        status: "open",
      });
      onOpenTicket(ticket);
      onClose();
    } catch (err) {
      const other =
        err instanceof ApiError && err.code === "ERR_OTHER_OPEN_TICKET"
          ? OtherOpenTicketData.safeParse(err.data)
          : null;
      if (other?.success) {
        const existing = other.data.ticket;
        if (existing.userId === user?.id) {
          onOpenTicket(existing);
          onClose();
          return;
        }
        toastError(err);
        const queue = existing.queue?.name ?? t("newTicketModal.unknownQueue");
        setOtherTicket(
          existing.user
            ? t("newTicketModal.otherOpenTicket", { user: existing.user.name, queue })
            : t("newTicketModal.otherOpenTicketNoUser", { queue }),
        );
      } else toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const digits = onlyDigits(term);
  const newContactValues = digits.length === term.replace(/[\s()+-]/g, "").length ? { number: digits } : { name: term };

  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
        <DialogTitle>{t("newTicketModal.title")}</DialogTitle>
        <DialogContent sx={{ display: "flex", flexDirection: "column", gap: 2, pt: "8px !important" }}>
          <Autocomplete<ContactOption>
            options={options}
            value={contact}
            filterOptions={(all) => all}
            loading={contactsQuery.isFetching}
            inputValue={text}
            onInputChange={(_, value, reason) => {
              if (reason !== "reset") setText(value);
            }}
            onChange={(_, option) => {
              if (option && isCreateOption(option)) {
                setAddingContact(true);
                return;
              }
              setContact(option);
            }}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            getOptionLabel={(option) => (isCreateOption(option) ? option.name : `${option.name} - ${option.number}`)}
            noOptionsText={
              searchable
                ? t("newTicketModal.noContacts")
                : t("newTicketModal.contactPlaceholder", { count: CONTACT_SEARCH_MIN_CHARS })
            }
            renderOption={({ key, ...props }, option) => (
              <li key={`${option.id}-${key}`} {...props}>
                {isCreateOption(option) ? (
                  <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "primary.main" }}>
                    <PersonAddAlt1Icon fontSize="small" />
                    {option.name
                      ? t("newTicketModal.addContact", { name: option.name })
                      : t("newTicketModal.addContactEmpty")}
                  </Box>
                ) : (
                  `${option.name} - ${option.number}`
                )}
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                label={t("newTicketModal.contact")}
                placeholder={t("newTicketModal.contactPlaceholder", { count: CONTACT_SEARCH_MIN_CHARS })}
                slotProps={{
                  ...params.slotProps,
                  input: {
                    ...params.slotProps.input,
                    endAdornment: (
                      <>
                        {contactsQuery.isFetching ? <CircularProgress color="inherit" size={18} /> : null}
                        {params.slotProps.input.endAdornment}
                      </>
                    ),
                  },
                }}
              />
            )}
          />
          <TextField
            select
            label={t("newTicketModal.queue")}
            value={queueId}
            required={!admin}
            error={queueError}
            helperText={queueError ? t("newTicketModal.selectQueue") : undefined}
            onChange={(event) => {
              setQueueError(false);
              setQueueId(event.target.value === "" ? "" : Number(event.target.value));
            }}
          >
            {admin ? (
              <MenuItem value="">
                <em>{t("newTicketModal.noQueue")}</em>
              </MenuItem>
            ) : null}
            {queues.map((queue) => (
              <MenuItem key={queue.id} value={queue.id}>
                <Box
                  component="span"
                  sx={{
                    width: 10,
                    height: 10,
                    borderRadius: "50%",
                    bgcolor: queue.color,
                    mr: 1,
                    display: "inline-block",
                  }}
                />
                {queue.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t("newTicketModal.connection")}
            value={whatsappId}
            onChange={(event) => setWhatsappId(event.target.value === "" ? "" : Number(event.target.value))}
          >
            {connections.map((connection) => (
              <MenuItem key={connection.id} value={connection.id}>
                {connection.name}
              </MenuItem>
            ))}
          </TextField>
          {otherTicket ? <Alert severity="warning">{otherTicket}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t("common.cancel")}
          </Button>
          <Button
            variant="contained"
            disabled={!contact || saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() => void submit()}
          >
            {t("newTicketModal.save")}
          </Button>
        </DialogActions>
      </Dialog>
      <ContactModal
        open={addingContact}
        initialValues={newContactValues}
        onClose={() => setAddingContact(false)}
        onSave={(saved) => {
          setContact({ id: saved.id, name: saved.name, number: saved.number, email: "" });
          setText(`${saved.name} - ${saved.number}`);
        }}
      />
    </>
  );
}
