import { TOAST_DURATION_MS } from "@atendo/shared";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router-dom";
import { Slide, ToastContainer } from "react-toastify";
import { SocketProvider } from "../realtime/SocketProvider";
import { ThemeModeProvider, useThemeMode } from "../theme/ThemeModeProvider";
import { BlockingRouter } from "./navigation/BlockingRouter";
import { createBlockingHistory } from "./navigation/blockingHistory";
import { queryClient } from "./queryClient";
import { RouteErrorBoundary } from "./RouteError";
import { AppRoutes } from "./routes";
import { SessionProvider } from "./session";

function Toasts() {
  const { mode } = useThemeMode();
  return (
    <ToastContainer
      position="top-center"
      autoClose={TOAST_DURATION_MS}
      transition={Slide}
      theme={mode === "dark" ? "dark" : "colored"}
      newestOnTop
      pauseOnFocusLoss={false}
      limit={4}
    />
  );
}

function Shell() {
  return (
    <SessionProvider>
      <SocketProvider>
        <AppRoutes />
      </SocketProvider>
    </SessionProvider>
  );
}

export function App() {
  // The browser's history, wrapped so that a page can hold a navigation (the flow builder asks
  // before leaving unsaved changes) without React Router's data router, which weighs 16 KB on
  // the first screen. Made per mount, so it starts from the location of that moment.
  const [history] = useState(() => createBlockingHistory(createBrowserHistory({ v5Compat: true })));
  return (
    <ThemeModeProvider>
      <QueryClientProvider client={queryClient}>
        <BlockingRouter history={history}>
          <RouteErrorBoundary>
            <Shell />
          </RouteErrorBoundary>
        </BlockingRouter>
        <Toasts />
      </QueryClientProvider>
    </ThemeModeProvider>
  );
}
