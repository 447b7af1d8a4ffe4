import { TOAST_DURATION_MS } from "@atendo/shared";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { Slide, ToastContainer } from "react-toastify";
import { SocketProvider } from "../realtime/SocketProvider";
import { ThemeModeProvider, useThemeMode } from "../theme/ThemeModeProvider";
import { queryClient } from "./queryClient";
import { RouteError } from "./RouteError";
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
  // A data router whose one splat route holds the app's own <Routes>: the same routing as a
  // BrowserRouter, plus what only data routers offer, such as useBlocker (the flow builder asks
  // before leaving unsaved changes). Made per mount, so it starts from the location of that moment.
  const [router] = useState(() =>
    createBrowserRouter([{ path: "*", element: <Shell />, errorElement: <RouteError /> }]),
  );
  return (
    <ThemeModeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toasts />
      </QueryClientProvider>
    </ThemeModeProvider>
  );
}
