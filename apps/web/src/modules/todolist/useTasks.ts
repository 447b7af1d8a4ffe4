import { useCallback, useEffect, useState } from "react";
import {
  addTask,
  editTask,
  readTasks,
  removeTask,
  TASKS_STORAGE_KEY,
  type Task,
  toggleTask,
  writeTasks,
} from "./tasksStore";

/** The browser's task list, kept in step with other tabs of the same browser. */
export function useTasks() {
  const [tasks, setTasks] = useState<Task[]>(() => readTasks(window.localStorage));

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TASKS_STORAGE_KEY || event.key === null) setTasks(readTasks(window.localStorage));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const update = useCallback((change: (current: Task[]) => Task[]) => {
    setTasks((current) => {
      const next = change(current);
      writeTasks(window.localStorage, next);
      return next;
    });
  }, []);

  return {
    tasks,
    add: useCallback((text: string) => update((current) => addTask(current, text)), [update]),
    edit: useCallback((id: string, text: string) => update((current) => editTask(current, id, text)), [update]),
    toggle: useCallback((id: string) => update((current) => toggleTask(current, id)), [update]),
    remove: useCallback((id: string) => update((current) => removeTask(current, id)), [update]),
  };
}
