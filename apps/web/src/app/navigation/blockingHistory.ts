import { type HistoryRouterProps, NavigationType, type Path, parsePath, type To } from "react-router-dom";

/** The history a `HistoryRouter` drives (react-router names the type without exporting it). */
export type History = HistoryRouterProps["history"];

/** A navigation about to happen, as a blocker is asked about it. */
export interface NavigationAttempt {
  currentLocation: Path;
  nextLocation: Path;
  action: NavigationType;
}

export interface Blocker {
  shouldBlock: (attempt: NavigationAttempt) => boolean;
  /** A navigation was held; `complete` carries it out, doing nothing leaves the page where it is. */
  onBlocked: (complete: () => void) => void;
}

export interface BlockingHistory extends History {
  /** Asks `blocker` before each navigation from now on; one blocker at a time. Returns its removal. */
  block(blocker: Blocker): () => void;
}

const pathOf = (current: Path, to: To): Path => {
  const path = typeof to === "string" ? parsePath(to) : to;
  return { pathname: path.pathname ?? current.pathname, search: path.search ?? "", hash: path.hash ?? "" };
};

/**
 * A history (the browser's in the app, a memory one in tests) that can hold a navigation until
 * the page that blocks it lets it go: what React Router's `useBlocker` offers, without its data
 * router (16 KB of the first screen's download for this one feature). Links and `navigate`
 * are held before they reach the history; back and forward have already moved the browser when
 * they are heard, so they are undone by the opposite jump, which the router never sees, and
 * `complete` jumps again. The base must notify pushes and replaces (`v5Compat: true`).
 */
export function createBlockingHistory(base: History): BlockingHistory {
  let blocker: Blocker | null = null;
  /** The location the router shows: after a back or forward, the base already reads the next one. */
  let current: Path = base.location;
  /** What to do with the next back/forward the base reports: one of ours that undoes or completes a held one. */
  let nextPop: "ignore" | "allow" | null = null;

  const attempt = (action: NavigationType, nextLocation: Path, go: () => void) => {
    if (blocker?.shouldBlock({ currentLocation: current, nextLocation, action })) blocker.onBlocked(go);
    else go();
  };

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: (to, state) => attempt(NavigationType.Push, pathOf(current, to), () => base.push(to, state)),
    replace: (to, state) => attempt(NavigationType.Replace, pathOf(current, to), () => base.replace(to, state)),
    go: (delta) => base.go(delta),
    listen(listener) {
      return base.listen((update) => {
        if (update.action === NavigationType.Pop) {
          const ours = nextPop;
          nextPop = null;
          if (ours === "ignore") return;
          const { delta } = update;
          // A jump of unknown length (an entry written outside the router) cannot be undone: it goes through.
          if (ours !== "allow" && delta !== null && delta !== 0 && blocker) {
            const attempted = { currentLocation: current, nextLocation: update.location, action: update.action };
            if (blocker.shouldBlock(attempted)) {
              nextPop = "ignore";
              base.go(-delta);
              blocker.onBlocked(() => {
                nextPop = "allow";
                base.go(delta);
              });
              return;
            }
          }
        }
        current = update.location;
        listener(update);
      });
    },
    block(next) {
      blocker = next;
      return () => {
        if (blocker === next) blocker = null;
      };
    },
  };
}
