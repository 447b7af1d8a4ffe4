import { useContext, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { NavigationAttempt } from "./blockingHistory";
import { NavigationBlockContext } from "./navigationBlockContext";

export interface NavigationBlocker {
  /** A navigation is held, waiting for proceed or reset. */
  blocked: boolean;
  /** Carries out the held navigation. */
  proceed: () => void;
  /** Drops the held navigation: the page stays. */
  reset: () => void;
}

/**
 * Holds in-app navigation (links, `navigate`, back and forward) while `shouldBlock` says so, as
 * React Router's `useBlocker` does in a data router. Needs a BlockingRouter above it.
 */
export function useNavigationBlocker(shouldBlock: (attempt: NavigationAttempt) => boolean): NavigationBlocker {
  const history = useContext(NavigationBlockContext);
  if (!history) throw new Error("useNavigationBlocker needs a BlockingRouter");
  const [held, setHeld] = useState<{ complete: () => void } | null>(null);
  // The history asks the newest rule without the blocker being registered again on every render.
  const latestRule = useRef(shouldBlock);
  useLayoutEffect(() => {
    latestRule.current = shouldBlock;
  });
  useEffect(
    () =>
      history.block({
        shouldBlock: (attempt) => latestRule.current(attempt),
        onBlocked: (complete) => setHeld({ complete }),
      }),
    [history],
  );
  return {
    blocked: held !== null,
    proceed: () => {
      setHeld(null);
      held?.complete();
    },
    reset: () => setHeld(null),
  };
}
