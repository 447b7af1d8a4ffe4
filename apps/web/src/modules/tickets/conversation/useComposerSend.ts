import type { TicketMessage } from "@atendo/shared";
import { type Dispatch, type SetStateAction, useCallback, useState } from "react";
import { toastError } from "../../../api/client";
import { useSession } from "../../../app/session";
import { signedBody } from "./composerRules";
import { sendMediaMessages, sendTextMessage } from "./conversationApi";

interface ComposerSendOptions {
  ticketId: number;
  replyTo: TicketMessage | null;
  text: string;
  files: File[];
  sign: boolean;
  onSent: (messages: TicketMessage[]) => void;
  setText: Dispatch<SetStateAction<string>>;
  clearFiles: () => void;
  onCancelReply: () => void;
  focusInput: () => void;
}

/**
 * Sends the composer's draft: the files, with the text as their caption, or else
 * the text, quoting the message replied to. A failure is a toast and the draft stays
 * for another try; a success empties the composer.
 */
export function useComposerSend({
  ticketId,
  replyTo,
  text,
  files,
  sign,
  onSent,
  setText,
  clearFiles,
  onCancelReply,
  focusInput,
}: ComposerSendOptions) {
  const { user } = useSession();
  const [sending, setSending] = useState(false);

  const sendFiles = useCallback(
    async (toSend: File[], caption: string) => {
      const sent = await sendMediaMessages(ticketId, toSend, caption);
      onSent(sent);
    },
    [ticketId, onSent],
  );

  /** A recording goes alone: the draft's text and files stay in the composer. */
  const sendRecording = useCallback(
    async (file: File) => {
      try {
        await sendFiles([file], "");
      } catch (error) {
        toastError(error);
      }
    },
    [sendFiles],
  );

  const send = async () => {
    if (sending) return;
    const trimmed = text.trim();
    if (!files.length && !trimmed) return;
    const body = signedBody(text, user?.name ?? "", sign);
    setSending(true);
    try {
      if (files.length) await sendFiles(files, trimmed ? body : "");
      else onSent(await sendTextMessage(ticketId, body, replyTo?.id));
      // What was typed while the message travelled stays.
      setText((current) => (current === text ? "" : current));
      clearFiles();
      onCancelReply();
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
      focusInput();
    }
  };

  return { send, sending, sendRecording };
}
