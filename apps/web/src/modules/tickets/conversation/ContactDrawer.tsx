import type { Ticket } from "@atendo/shared";
import CloseIcon from "@mui/icons-material/Close";
import EditIcon from "@mui/icons-material/Edit";
import { Avatar, Box, Button, Divider, Drawer, IconButton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../components/Loading";
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
            <Avatar
              src={contact.profilePicUrl || undefined}
              alt={contact.name}
              sx={{ width: 96, height: 96, fontSize: 40 }}
            >
              {contact.name.charAt(0).toUpperCase()}
            </Avatar>
            <Typography variant="h6" sx={{ wordBreak: "break-word" }}>
              {contact.name}
            </Typography>
            <Typography variant="body2">
              <a href={`tel:${contact.number}`}>{contact.number}</a>
            </Typography>
            {contact.email ? (
              <Typography variant="body2">
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </Typography>
            ) : null}
            <Button variant="outlined" size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              {t("conversation.contact.edit")}
            </Button>
            {contact.extraInfo.length ? (
              <Box sx={{ width: "100%", textAlign: "left" }}>
                <Typography variant="subtitle2" sx={{ mb: 1 }}>
                  {t("conversation.contact.extraInfo")}
                </Typography>
                <Stack spacing={1}>
                  {contact.extraInfo.map((info) => (
                    <Box key={info.id} sx={{ border: 1, borderColor: "divider", borderRadius: 1, px: 1.5, py: 1 }}>
                      <Typography variant="caption" color="text.secondary">
                        {info.name}
                      </Typography>
                      <Typography variant="body2" sx={{ wordBreak: "break-word", whiteSpace: "pre-wrap" }}>
                        {info.value}
                      </Typography>
                    </Box>
                  ))}
                </Stack>
              </Box>
            ) : null}
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
