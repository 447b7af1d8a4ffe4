import { relations } from "drizzle-orm";
import { campaignShippings, campaigns } from "./campaigns.js";
import { chatMessages, chats, chatUsers } from "./chats.js";
import { companies } from "./companies.js";
import { contactListItems, contactLists } from "./contact-lists.js";
import { contactCustomFields, contacts } from "./contacts.js";
import { fileListOptions, fileLists } from "./file-lists.js";
import { messages } from "./messages.js";
import { plans } from "./plans.js";
import { prompts } from "./prompts.js";
import { queueIntegrations } from "./queue-integrations.js";
import { queueOptions } from "./queue-options.js";
import { queues } from "./queues.js";
import { tags, ticketTags } from "./tags.js";
import { ticketNotes } from "./ticket-notes.js";
import { tickets } from "./tickets.js";
import { userQueues, users } from "./users.js";
import { whatsappQueues, whatsapps } from "./whatsapps.js";

export const plansRelations = relations(plans, ({ many }) => ({ companies: many(companies) }));

export const companiesRelations = relations(companies, ({ one, many }) => ({
  plan: one(plans, { fields: [companies.planId], references: [plans.id] }),
  users: many(users),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  company: one(companies, { fields: [users.companyId], references: [companies.id] }),
  whatsapp: one(whatsapps, { fields: [users.whatsappId], references: [whatsapps.id] }),
  queues: many(userQueues),
}));

export const userQueuesRelations = relations(userQueues, ({ one }) => ({
  user: one(users, { fields: [userQueues.userId], references: [users.id] }),
  queue: one(queues, { fields: [userQueues.queueId], references: [queues.id] }),
}));

export const queuesRelations = relations(queues, ({ one, many }) => ({
  prompt: one(prompts, { fields: [queues.promptId], references: [prompts.id] }),
  integration: one(queueIntegrations, { fields: [queues.integrationId], references: [queueIntegrations.id] }),
  options: many(queueOptions),
  users: many(userQueues),
  whatsapps: many(whatsappQueues),
}));

export const queueOptionsRelations = relations(queueOptions, ({ one, many }) => ({
  queue: one(queues, { fields: [queueOptions.queueId], references: [queues.id] }),
  parent: one(queueOptions, { fields: [queueOptions.parentId], references: [queueOptions.id], relationName: "tree" }),
  children: many(queueOptions, { relationName: "tree" }),
}));

export const whatsappsRelations = relations(whatsapps, ({ many }) => ({ queues: many(whatsappQueues) }));

export const whatsappQueuesRelations = relations(whatsappQueues, ({ one }) => ({
  whatsapp: one(whatsapps, { fields: [whatsappQueues.whatsappId], references: [whatsapps.id] }),
  queue: one(queues, { fields: [whatsappQueues.queueId], references: [queues.id] }),
}));

export const contactsRelations = relations(contacts, ({ many }) => ({
  extraInfo: many(contactCustomFields),
  tickets: many(tickets),
}));

export const contactCustomFieldsRelations = relations(contactCustomFields, ({ one }) => ({
  contact: one(contacts, { fields: [contactCustomFields.contactId], references: [contacts.id] }),
}));

export const ticketsRelations = relations(tickets, ({ one, many }) => ({
  contact: one(contacts, { fields: [tickets.contactId], references: [contacts.id] }),
  whatsapp: one(whatsapps, { fields: [tickets.whatsappId], references: [whatsapps.id] }),
  user: one(users, { fields: [tickets.userId], references: [users.id] }),
  queue: one(queues, { fields: [tickets.queueId], references: [queues.id] }),
  tags: many(ticketTags),
  messages: many(messages),
  notes: many(ticketNotes),
}));

export const ticketTagsRelations = relations(ticketTags, ({ one }) => ({
  ticket: one(tickets, { fields: [ticketTags.ticketId], references: [tickets.id] }),
  tag: one(tags, { fields: [ticketTags.tagId], references: [tags.id] }),
}));

export const messagesRelations = relations(messages, ({ one }) => ({
  ticket: one(tickets, { fields: [messages.ticketId], references: [tickets.id] }),
  contact: one(contacts, { fields: [messages.contactId], references: [contacts.id] }),
  quotedMsg: one(messages, { fields: [messages.quotedMsgId], references: [messages.id], relationName: "quote" }),
}));

export const ticketNotesRelations = relations(ticketNotes, ({ one }) => ({
  user: one(users, { fields: [ticketNotes.userId], references: [users.id] }),
  ticket: one(tickets, { fields: [ticketNotes.ticketId], references: [tickets.id] }),
}));

export const contactListsRelations = relations(contactLists, ({ many }) => ({ items: many(contactListItems) }));

export const contactListItemsRelations = relations(contactListItems, ({ one }) => ({
  contactList: one(contactLists, { fields: [contactListItems.contactListId], references: [contactLists.id] }),
}));

export const campaignsRelations = relations(campaigns, ({ one, many }) => ({
  contactList: one(contactLists, { fields: [campaigns.contactListId], references: [contactLists.id] }),
  whatsapp: one(whatsapps, { fields: [campaigns.whatsappId], references: [whatsapps.id] }),
  shipping: many(campaignShippings),
}));

export const campaignShippingsRelations = relations(campaignShippings, ({ one }) => ({
  campaign: one(campaigns, { fields: [campaignShippings.campaignId], references: [campaigns.id] }),
}));

export const chatsRelations = relations(chats, ({ many }) => ({
  users: many(chatUsers),
  messages: many(chatMessages),
}));

export const chatUsersRelations = relations(chatUsers, ({ one }) => ({
  chat: one(chats, { fields: [chatUsers.chatId], references: [chats.id] }),
  user: one(users, { fields: [chatUsers.userId], references: [users.id] }),
}));

export const chatMessagesRelations = relations(chatMessages, ({ one }) => ({
  chat: one(chats, { fields: [chatMessages.chatId], references: [chats.id] }),
  sender: one(users, { fields: [chatMessages.senderId], references: [users.id] }),
}));

export const fileListsRelations = relations(fileLists, ({ many }) => ({ options: many(fileListOptions) }));

export const fileListOptionsRelations = relations(fileListOptions, ({ one }) => ({
  fileList: one(fileLists, { fields: [fileListOptions.fileListId], references: [fileLists.id] }),
}));
