import type { Executor } from "../../db/client.js";
import { chatMessages, chats, chatUsers } from "../../db/schema/index.js";

const MINUTE = 60_000;

/**
 * The demo's group chat: the first user owns it, everyone in `userIds` is a
 * member, and a short exchange between them shows the conversation. What came
 * after a member's own last message is unread for them: the owner, who writes
 * last, has read it all; the others see the unread count and the menu's dot.
 */
export async function seedDemoChat(tx: Executor, companyId: number, userIds: readonly number[]): Promise<void> {
  const [ownerId, otherId] = userIds;
  if (ownerId === undefined) return;
  const script: { senderId: number; message: string }[] = [
    { senderId: ownerId, message: "Bom dia, equipe! Este é o chat interno: combinem aqui as passagens de turno." },
    { senderId: otherId ?? ownerId, message: "Bom dia! Hoje fico com a fila de Atendimento até as 18h." },
    { senderId: ownerId, message: "Perfeito. O Financeiro fica comigo; qualquer dúvida, é só chamar." },
  ];
  const start = Date.now() - script.length * 5 * MINUTE;
  const last = script.at(-1)!;
  const lastMessageAt = new Date(start + (script.length - 1) * 5 * MINUTE);
  const [chat] = await tx
    .insert(chats)
    .values({ companyId, title: "Equipe", ownerId, lastMessage: last.message, lastMessageAt, updatedAt: new Date() })
    .returning({ id: chats.id });
  const chatId = chat!.id;
  await tx.insert(chatMessages).values(
    script.map((line, index) => ({
      companyId,
      chatId,
      senderId: line.senderId,
      message: line.message,
      createdAt: new Date(start + index * 5 * MINUTE),
    })),
  );
  await tx.insert(chatUsers).values(
    [...new Set(userIds)].map((userId) => ({
      companyId,
      chatId,
      userId,
      unreads: script.length - 1 - script.findLastIndex((line) => line.senderId === userId),
    })),
  );
}
