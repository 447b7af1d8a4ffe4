import type { Ticket } from "@atendo/shared";
import CloseIcon from "@mui/icons-material/Close";
import EditIcon from "@mui/icons-material/Edit";
import { Box, Button, Divider, Drawer, IconButton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../components/Loading";
import { ContactAvatar } from "../../contacts/ContactAvatar";
import { ContactEditForm } from "./ContactEditForm";
import { conversationKeys, fetchContact } from "./conversationApi";
import { TicketNotes } from "./TicketNotes";

interface ContactDrawerProps {
  open: boolean;
  /** Opened from the options menu's contact notes: scroll to the notes. */
  focusNotes: boolean;
  ticket: Ticket;
  onClose: () => void;
}

/** Contact name, number, email, extra info, an edit form and the ticket's notes. */
export function ContactDrawer({ open, focusNotes, ticket, onClose }: ContactDrawerProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const notesRef = useRef<HTMLDivElement>(null);
  const { data: contact, isLoading } = useQuery({
    queryKey: conversationKeys.contact(ticket.contactId),
    queryFn: ({ signal }) => fetchContact(ticket.contactId, signal),
    enabled: open,
  });

  useEffect(() => {
    if (!open) setEditing(false);
  }, [open]);

  useEffect(() => {
    if (open && focusNotes && contact) {
      const timer = setTimeout(() => {
        notesRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
        notesRef.current?.querySelector("textarea")?.focus();
      }, 200);
      return () => clearTimeout(timer);
    }
  }, [open, focusNotes, contact]);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: "100%", sm: 380 } }, "aria-label": t("conversation.contact.title") } }}
    >
      <Box sx={{ display: "flex", alignItems: "center", px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {t("conversation.contact.title")}
        </Typography>
        <IconButton aria-label={t("common.close")} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 2, overflowY: "auto", flex: 1 }} data-testid="contact-drawer">
        {isLoading || !contact ? (
          <Loading />
        ) : editing ? (
          <ContactEditForm contact={contact} onDone={() => setEditing(false)} />
        ) : (
          <Stack spacing={1.5} sx={{ alignItems: "center", textAlign: "center" }}>
            <ContactAvatar
              name={contact.name}
              pictureUrl={contact.profilePicUrl}
              alt={contact.name}
              size={96}
              sx={{ fontSize: 40 }}
            />
            <Typography variant="h6" sx={{ wordBreak: "break-word" }}>
              {contact.name}
            </Typography>
            <Box component="dl" data-testid="contact-fields" sx={{ width: "100%", m: 0, textAlign: "left" }}>
              <ContactField label={t("conversation.contact.number")}>
                <a href={`tel:${contact.number}`}>{contact.number}</a>
              </ContactField>
              <ContactField label={t("conversation.contact.email")}>
                {contact.email ? (
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                ) : (
                  <Box component="span" sx={{ color: "text.secondary" }}>
                    {t("conversation.contact.noEmail")}
                  </Box>
                )}
              </ContactField>
            </Box>
            <Button variant="outlined" size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              {t("conversation.contact.edit")}
            </Button>
            <Box sx={{ width: "100%", textAlign: "left" }}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t("conversation.contact.extraInfo")}
              </Typography>
              {contact.extraInfo.length ? (
                <Box component="dl" data-testid="contact-extra-info" sx={{ m: 0 }}>
                  {contact.extraInfo.map((info) => (
                    <ContactField key={info.id} label={info.name}>
                      {info.value}
                    </ContactField>
                  ))}
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t("conversation.contact.noExtraInfo")}
                </Typography>
              )}
            </Box>
          </Stack>
        )}
        <Divider sx={{ my: 2 }} />
        <Box ref={notesRef}>
          <TicketNotes ticket={ticket} enabled={open} />
        </Box>
      </Box>
    </Drawer>
  );
}

/** One name/value row of the contact's details, a term and its description for screen readers. */
function ContactField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ border: 1, borderColor: "divider", borderRadius: 1, px: 1.5, py: 1, mb: 1 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: "break-word", whiteSpace: "pre-wrap" }}>
        {children}
      </Typography>
    </Box>
  );
}
