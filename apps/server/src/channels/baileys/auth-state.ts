import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  initAuthCreds,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
} from "@whiskeysockets/baileys";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { baileysAuth } from "../../db/schema/index.js";

export interface AuthOwner {
  companyId: number;
  whatsappId: number;
}

export interface BaileysAuthState {
  state: AuthenticationState;
  /** Writes the current creds (Baileys mutates `state.creds` and emits `creds.update`). */
  saveCreds(): Promise<void>;
  /** Forgets the pairing: creds and every key of this connection. */
  clear(): Promise<void>;
}

const CREDS = "creds";
const keyName = (type: string, id: string) => `${type}-${id}`;

const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = (text: string): unknown => JSON.parse(text, BufferJSON.reviver);

/**
 * Baileys' auth state kept in PostgreSQL (table baileys_auth) instead of files:
 * the same shape as useMultiFileAuthState, one row per creds/key, scoped to one
 * connection of one company.
 */
export async function usePostgresAuthState(db: Database, owner: AuthOwner): Promise<BaileysAuthState> {
  const scope = eq(baileysAuth.whatsappId, owner.whatsappId);

  const [stored] = await db
    .select({ value: baileysAuth.value })
    .from(baileysAuth)
    .where(and(scope, eq(baileysAuth.key, CREDS)))
    .limit(1);
  const creds = (stored ? decode(stored.value) : initAuthCreds()) as AuthenticationCreds;

  const upsert = (executor: Pick<Database, "insert">, rows: { key: string; value: string }[]) =>
    executor
      .insert(baileysAuth)
      .values(rows.map((row) => ({ ...row, companyId: owner.companyId, whatsappId: owner.whatsappId })))
      .onConflictDoUpdate({
        target: [baileysAuth.whatsappId, baileysAuth.key],
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });

  return {
    state: {
      creds,
      keys: {
        async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
          const result: { [id: string]: SignalDataTypeMap[T] } = {};
          if (!ids.length) return result;
          const names = new Map(ids.map((id) => [keyName(type, id), id]));
          const rows = await db
            .select({ key: baileysAuth.key, value: baileysAuth.value })
            .from(baileysAuth)
            .where(and(scope, inArray(baileysAuth.key, [...names.keys()])));
          for (const row of rows) {
            const id = names.get(row.key);
            if (id === undefined) continue;
            let value = decode(row.value);
            if (type === "app-state-sync-key" && value) {
              value = proto.Message.AppStateSyncKeyData.fromObject(value as Record<string, unknown>);
            }
            result[id] = value as SignalDataTypeMap[T];
          }
          return result;
        },
        async set(data: SignalDataSet) {
          const writes: { key: string; value: string }[] = [];
          const deletes: string[] = [];
          for (const type of Object.keys(data) as (keyof SignalDataSet)[]) {
            for (const [id, value] of Object.entries(data[type] ?? {})) {
              if (value) writes.push({ key: keyName(type, id), value: encode(value) });
              else deletes.push(keyName(type, id));
            }
          }
          if (!writes.length && !deletes.length) return;
          // One transaction: a batch of signal keys is written whole or not at all.
          await db.transaction(async (tx) => {
            if (writes.length) await upsert(tx, dedupe(writes));
            if (deletes.length) await tx.delete(baileysAuth).where(and(scope, inArray(baileysAuth.key, deletes)));
          });
        },
      },
    },
    async saveCreds() {
      await upsert(db, [{ key: CREDS, value: encode(creds) }]);
    },
    async clear() {
      await db.delete(baileysAuth).where(scope);
    },
  };
}

/** Forgets a connection's pairing without loading it (logout of an idle connection). */
export async function clearPostgresAuthState(db: Database, owner: AuthOwner): Promise<void> {
  await db.delete(baileysAuth).where(eq(baileysAuth.whatsappId, owner.whatsappId));
}

/** The last write of a key wins inside one batch (ON CONFLICT cannot touch a row twice). */
function dedupe(rows: { key: string; value: string }[]) {
  return [...new Map(rows.map((row) => [row.key, row])).values()];
}
