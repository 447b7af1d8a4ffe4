import { companyEvent, type RealtimeMessage, type TicketMessage } from "@atendo/shared";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { toastError } from "../../../api/client";
import { useSession } from "../../../app/session";
import { useSocketEvent } from "../../../realtime/socket";
import { fetchMessagesPage, markTicketRead } from "./conversationApi";
import { mergeMessages } from "./timeline";

interface State {
  messages: TicketMessage[];
  /** The last page loaded (1 holds the newest messages). */
  page: number;
  hasMore: boolean;
  loading: boolean;
  /** Bumped when older messages were put above, so the list keeps its scroll position. */
  prepended: number;
}

type Action =
  | { type: "reset" }
  | { type: "loading" }
  | { type: "failed" }
  | { type: "page"; page: number; messages: TicketMessage[]; hasMore: boolean }
  | { type: "upsert"; messages: TicketMessage[] }
  | { type: "replace"; message: TicketMessage }
  | { type: "read" };

const initial: State = { messages: [], page: 0, hasMore: false, loading: true, prepended: 0 };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "reset":
      return initial;
    case "loading":
      return { ...state, loading: true };
    case "failed":
      return { ...state, loading: false };
    case "page":
      return {
        messages: mergeMessages(state.messages, action.messages),
        page: action.page,
        hasMore: action.hasMore,
        loading: false,
        prepended: action.page > 1 ? state.prepended + 1 : state.prepended,
      };
    case "upsert":
      return { ...state, messages: mergeMessages(state.messages, action.messages) };
    case "replace":
      // An update of a message not loaded (an older page) waits for that page.
      if (!state.messages.some((message) => message.id === action.message.id)) return state;
      return { ...state, messages: mergeMessages(state.messages, [action.message]) };
    case "read":
      // What the server did on reading: the customer's messages on screen are read.
      if (!state.messages.some((message) => !message.fromMe && !message.read)) return state;
      return {
        ...state,
        messages: state.messages.map((message) =>
          message.fromMe || message.read ? message : { ...message, read: true },
        ),
      };
  }
}

/** The list's shape: the realtime message carries its sender as `{ name }`, with the id beside it. */
function fromEvent(message: RealtimeMessage): TicketMessage {
  return {
    ...message,
    quotedMsg: message.quotedMsg ?? null,
    contact: message.contact ? { id: message.contactId ?? 0, name: message.contact.name } : null,
  };
}

/**
 * The messages of one ticket: the newest page first, older pages on demand,
 * and live creates and updates of this ticket's messages.
 */
export function useTicketMessages(ticketId: number | undefined) {
  const { user } = useSession();
  const [state, dispatch] = useReducer(reducer, initial);
  const busy = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;

  const load = useCallback(
    async (page: number, signal?: AbortSignal) => {
      if (!ticketId) return;
      busy.current = true;
      dispatch({ type: "loading" });
      try {
        const answer = await fetchMessagesPage(ticketId, page, signal);
        dispatch({ type: "page", page, messages: answer.messages, hasMore: answer.hasMore });
      } catch (error) {
        dispatch({ type: "failed" });
        if (!signal?.aborted) toastError(error);
      } finally {
        busy.current = false;
      }
    },
    [ticketId],
  );

  useEffect(() => {
    dispatch({ type: "reset" });
    if (!ticketId) return;
    const controller = new AbortController();
    void load(1, controller.signal);
    return () => controller.abort();
  }, [ticketId, load]);

  const loadOlder = useCallback(() => {
    const current = stateRef.current;
    if (busy.current || !current.hasMore) return;
    void load(current.page + 1);
  }, [load]);

  const upsert = useCallback((messages: TicketMessage[]) => dispatch({ type: "upsert", messages }), []);
  const onScreen = useRef(ticketId);
  onScreen.current = ticketId;
  // A read of the ticket just left (flushed on leaving) must not touch the next one's list.
  const markedRead = useCallback((readId: number) => {
    if (readId === onScreen.current) dispatch({ type: "read" });
  }, []);
  const readNewMessages = useReadingWhileOpen(ticketId, markedRead);

  useSocketEvent(user ? companyEvent.appMessage(user.companyId) : null, (payload) => {
    const { message } = payload;
    if (message.ticketId !== ticketId) return;
    if (payload.action === "create") {
      upsert([fromEvent(message)]);
      if (!message.fromMe) readNewMessages();
    } else if (payload.action === "update") dispatch({ type: "replace", message: fromEvent(message) });
  });

  return { ...state, loadOlder, upsert };
}

/** How long the read after an arriving message waits for the next: a burst is read once. */
export const READ_DEBOUNCE_MS = 800;

/**
 * Messages that arrive on the ticket on screen are read as they come, while the page is in sight
 * (else once it is again). The message itself is already in the list (the realtime create is put
 * in place), so the read is only the read call (unread back to 0 on the server, `updateUnread` to
 * every list), debounced: a burst of messages makes one call, never a page fetch per message.
 * Calls during a read make one more read after it, not one each.
 */
function useReadingWhileOpen(ticketId: number | undefined, markedRead: (ticketId: number) => void) {
  const reading = useRef(false);
  const again = useRef(false);
  const unseen = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const readNow = useCallback(() => {
    if (!ticketId) return;
    if (document.hidden) {
      unseen.current = true;
      return;
    }
    if (reading.current) {
      again.current = true;
      return;
    }
    reading.current = true;
    unseen.current = false;
    markTicketRead(ticketId)
      .then(() => markedRead(ticketId))
      .catch(() => {
        // The badge stays; opening the ticket again reads it.
      })
      .finally(() => {
        reading.current = false;
        if (again.current) {
          again.current = false;
          readNow();
        }
      });
  }, [ticketId, markedRead]);

  const read = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      readNow();
    }, READ_DEBOUNCE_MS);
  }, [readNow]);

  useEffect(() => {
    const onVisible = () => {
      if (!document.hidden && unseen.current) readNow();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      // A read still waiting belongs to the ticket being left, which had the message on screen.
      if (timer.current !== undefined) {
        clearTimeout(timer.current);
        timer.current = undefined;
        readNow();
      }
    };
  }, [readNow]);

  return read;
}
