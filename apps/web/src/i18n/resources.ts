import type { Language } from "@atendo/shared";
import * as announcements from "../modules/announcements/i18n";
import * as auth from "../modules/auth/i18n";
import * as campaignSettings from "../modules/campaign-settings/i18n";
import * as campaigns from "../modules/campaigns/i18n";
import * as chats from "../modules/chats/i18n";
import * as connections from "../modules/connections/i18n";
import * as contactLists from "../modules/contact-lists/i18n";
import * as contacts from "../modules/contacts/i18n";
import * as dashboard from "../modules/dashboard/i18n";
import * as fileLists from "../modules/file-lists/i18n";
import * as financeiro from "../modules/financeiro/i18n";
import * as flowBuilder from "../modules/flow-builder/i18n";
import * as flows from "../modules/flows/i18n";
import * as helps from "../modules/helps/i18n";
import * as kanban from "../modules/kanban/i18n";
import * as messagesApi from "../modules/messages-api/i18n";
import * as phraseLists from "../modules/phrase-lists/i18n";
import * as prompts from "../modules/prompts/i18n";
import * as queueIntegrations from "../modules/queue-integrations/i18n";
import * as queues from "../modules/queues/i18n";
import * as quickMessages from "../modules/quick-messages/i18n";
import * as schedules from "../modules/schedules/i18n";
import * as settings from "../modules/settings/i18n";
import * as simulator from "../modules/simulator/i18n";
import * as subscription from "../modules/subscription/i18n";
import * as tags from "../modules/tags/i18n";
import * as conversation from "../modules/tickets/conversation/i18n";
import * as tickets from "../modules/tickets/i18n";
import * as todolist from "../modules/todolist/i18n";
import * as users from "../modules/users/i18n";
import { en } from "./locales/en";
import { es } from "./locales/es";
import { pt } from "./locales/pt";

/** A module's translations: `src/modules/<feature>/i18n.ts` exports `pt`, `en` and `es`. */
export interface ModuleLocales {
  pt: object;
  en: object;
  es: object;
}

/**
 * Module translations merged over the core ones. To add a module, import its
 * i18n.ts here and append it to the list.
 */
const MODULES: ModuleLocales[] = [
  auth,
  helps,
  users,
  settings,
  announcements,
  campaignSettings,
  campaigns,
  chats,
  connections,
  contacts,
  contactLists,
  dashboard,
  fileLists,
  financeiro,
  flowBuilder,
  flows,
  kanban,
  messagesApi,
  phraseLists,
  prompts,
  queueIntegrations,
  queues,
  quickMessages,
  schedules,
  simulator,
  subscription,
  tags,
  tickets,
  conversation,
  todolist,
];

type Tree = { [key: string]: unknown };

function isTree(value: unknown): value is Tree {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function deepMerge(target: Tree, source: Tree): Tree {
  const out: Tree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = out[key];
    out[key] = isTree(current) && isTree(value) ? deepMerge(current, value) : value;
  }
  return out;
}

function build(language: Language, core: object): Tree {
  return MODULES.reduce<Tree>((acc, module) => deepMerge(acc, module[language] as Tree), core as Tree);
}

export const resources: Record<Language, Tree> = {
  pt: build("pt", pt),
  en: build("en", en),
  es: build("es", es),
};
