import { createContext } from "react";
import type { BlockingHistory } from "./blockingHistory";

/** The router's history, for pages that hold navigation (useNavigationBlocker). */
export const NavigationBlockContext = createContext<BlockingHistory | null>(null);
