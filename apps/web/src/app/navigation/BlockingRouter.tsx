import type { ReactNode } from "react";
import { unstable_HistoryRouter as HistoryRouter } from "react-router-dom";
import type { BlockingHistory } from "./blockingHistory";
import { NavigationBlockContext } from "./navigationBlockContext";

/** A plain (not data) router over a history that pages can block through useNavigationBlocker. */
export function BlockingRouter({ history, children }: { history: BlockingHistory; children: ReactNode }) {
  return (
    <NavigationBlockContext value={history}>
      <HistoryRouter history={history}>{children}</HistoryRouter>
    </NavigationBlockContext>
  );
}
