import type { Ticket, TicketMessage } from "@atendo/shared";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState, Loading } from "../../components";
import { formatDateTime } from "../../utils/date";
import { WhatsappText } from "./conversation/WhatsappText";
import { peekMessages, ticketsKeys } from "./ticketsApi";

function MessageBubble({ message }: { message: TicketMessage }) {
  const { t } = useTranslation();
  const text = message.isDeleted
    ? t("ticketsPeek.deleted")
    : message.body || (message.mediaName ? t("ticketsPeek.media", { name: message.mediaName }) : "");
  return (
    <Box sx={{ display: "flex", justifyContent: message.fromMe ? "flex-end" : "flex-start" }}>
      <Box
        sx={{
          maxWidth: "80%",
          px: 1.5,
          py: 0.75,
          borderRadius: 2,
          bgcolor: message.fromMe ? "primary.light" : "action.hover",
          color: message.fromMe ? "primary.contrastText" : "text.primary",
        }}
      >
        {message.participant ? (
          <Typography variant="caption" sx={{ fontWeight: 600, display: "block" }}>
            {message.participant}
          </Typography>
        ) : null}
        <Typography
          variant="body2"
          sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word", fontStyle: message.isDeleted ? "italic" : undefined }}
        >
          {message.isDeleted ? text : <WhatsappText text={text} />}
        </Typography>
        <Typography variant="caption" sx={{ display: "block", textAlign: "right", opacity: 0.7 }}>
          {formatDateTime(message.createdAt)}
        </Typography>
      </Box>
    </Box>
  );
}

/** The admin's read-only look at a conversation (document 1 section 2), newest page first, older on demand. */
export function PeekModal({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: ticketsKeys.peek(ticket?.id ?? 0),
    // A failure toasts through the query cache's handler.
    queryFn: ({ pageParam, signal }) => peekMessages(ticket!.id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: ticket !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  // Each page is oldest first; later pages are older, so they go on top.
  const messages = useMemo(
    () => [...(query.data?.pages ?? [])].reverse().flatMap((page) => page.messages),
    [query.data],
  );

  return (
    <Dialog open={ticket !== null} onClose={onClose} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle>
        {t("ticketsPeek.title", { name: ticket?.contact.name || ticket?.contact.number || "" })}
        {ticket ? ` #${ticket.id}` : ""}
      </DialogTitle>
      <DialogContent dividers sx={{ display: "flex", flexDirection: "column", gap: 1, minHeight: 300 }}>
        {query.hasNextPage ? (
          <Button
            size="small"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            sx={{ alignSelf: "center" }}
          >
            {t("ticketsPeek.loadOlder")}
          </Button>
        ) : null}
        {query.isPending ? (
          <Loading />
        ) : messages.length === 0 ? (
          <EmptyState title={t("ticketsPeek.empty")} />
        ) : (
          messages.map((message) => <MessageBubble key={message.id} message={message} />)
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
