import type { Chat } from "@atendo/shared";

/** A chat of one member (`me`), as the chat list answers it, for the chat screens' tests. */
export function chatOf(me: { id: number; name: string }, unreads: number): Chat {
  return {
    id: 1,
    uuid: "0b7d3c8e-1a2b-4c3d-8e9f-000000000001",
    title: "Plantão",
    ownerId: me.id,
    users: [{ userId: me.id, unreads, user: { id: me.id, name: me.name } }],
    lastMessage: "Alguém pode cobrir?",
    lastMessageAt: "2026-11-24T10:00:00.000Z",
    createdAt: "2026-11-24T10:00:00.000Z",
    updatedAt: "2026-11-24T10:00:00.000Z",
  };
}
