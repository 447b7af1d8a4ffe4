import { QUICK_ANSWER_MIN_CHARS, QUICK_ANSWER_PREVIEW_CHARS, type QuickMessage } from "@atendo/shared";

/**
 * Quick answers for the composer's text: it starts with `/` followed by more
 * than one character (document 1 section 2), matched against the shortcode.
 */
export function matchQuickAnswers(text: string, answers: readonly QuickMessage[]): QuickMessage[] {
  if (!text.startsWith("/")) return [];
  const search = text.slice(1).trim().toLowerCase();
  if (search.length < QUICK_ANSWER_MIN_CHARS || text.includes("\n")) return [];
  return answers.filter((answer) => answer.status && answer.shortcode.toLowerCase().includes(search));
}

/** A suggestion's preview: the message cut at 35 characters. */
export function quickAnswerPreview(message: string): string {
  return message.length > QUICK_ANSWER_PREVIEW_CHARS ? `${message.slice(0, QUICK_ANSWER_PREVIEW_CHARS)}...` : message;
}
