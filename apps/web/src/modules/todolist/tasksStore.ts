/**
 * The to-do list is personal and kept in the browser (localStorage under `tasks`),
 * as the original product did: nothing reaches the server. The original stored
 * `{ text, updatedAt }` entries; those are read as open tasks.
 */
export const TASKS_STORAGE_KEY = "tasks";
export const TASK_MAX_LENGTH = 500;

export interface Task {
  id: string;
  text: string;
  done: boolean;
  createdAt: string;
  updatedAt: string;
}

const newId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

function asTask(value: unknown): Task | null {
  if (!value || typeof value !== "object") return null;
  const entry = value as Record<string, unknown>;
  const text = typeof entry.text === "string" ? entry.text.trim() : "";
  if (!text) return null;
  const updatedAt = typeof entry.updatedAt === "string" ? entry.updatedAt : new Date(0).toISOString();
  return {
    id: typeof entry.id === "string" && entry.id ? entry.id : newId(),
    text: text.slice(0, TASK_MAX_LENGTH),
    done: entry.done === true,
    createdAt: typeof entry.createdAt === "string" ? entry.createdAt : updatedAt,
    updatedAt,
  };
}

/** What is stored, or an empty list when nothing (or something unreadable) is there. */
export function readTasks(storage: Pick<Storage, "getItem">): Task[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TASKS_STORAGE_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.map(asTask).filter((task): task is Task => task !== null);
  } catch {
    return [];
  }
}

export function writeTasks(storage: Pick<Storage, "setItem">, tasks: readonly Task[]): void {
  storage.setItem(TASKS_STORAGE_KEY, JSON.stringify(tasks));
}

export function addTask(tasks: readonly Task[], text: string, now = new Date()): Task[] {
  const trimmed = text.trim().slice(0, TASK_MAX_LENGTH);
  if (!trimmed) return [...tasks];
  const at = now.toISOString();
  return [{ id: newId(), text: trimmed, done: false, createdAt: at, updatedAt: at }, ...tasks];
}

export function editTask(tasks: readonly Task[], id: string, text: string, now = new Date()): Task[] {
  const trimmed = text.trim().slice(0, TASK_MAX_LENGTH);
  if (!trimmed) return [...tasks];
  return tasks.map((task) => (task.id === id ? { ...task, text: trimmed, updatedAt: now.toISOString() } : task));
}

export function toggleTask(tasks: readonly Task[], id: string, now = new Date()): Task[] {
  return tasks.map((task) => (task.id === id ? { ...task, done: !task.done, updatedAt: now.toISOString() } : task));
}

export function removeTask(tasks: readonly Task[], id: string): Task[] {
  return tasks.filter((task) => task.id !== id);
}

/** Open tasks first (newest first), then the completed ones (most recently completed first). */
export function sortTasks(tasks: readonly Task[]): Task[] {
  const byRecent = (a: Task, b: Task) => b.updatedAt.localeCompare(a.updatedAt);
  const open = tasks.filter((task) => !task.done).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return [...open, ...tasks.filter((task) => task.done).sort(byRecent)];
}
