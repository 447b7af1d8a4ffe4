import { useState } from "react";

/**
 * True from the first time `open` is: a lazily loaded dialog is fetched when it
 * first opens, then stays mounted so it closes with its transition and keeps
 * behaving as if it had always been there.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
