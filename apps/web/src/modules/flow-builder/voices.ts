import { FLOW_OPENAI_DEFAULT_VOICE } from "@atendo/shared";
import type { TFunction } from "i18next";

/** A voice as the OpenAI dialog lists it: "texto" is text only, the others by their first name (pt-BR-FranciscaNeural is Francisca). */
export function voiceLabel(voice: string, t: TFunction): string {
  if (voice === FLOW_OPENAI_DEFAULT_VOICE) return t("flowBuilder.openai.textOnly");
  return /^pt-BR-(\w+?)Neural$/.exec(voice)?.[1] ?? voice;
}
