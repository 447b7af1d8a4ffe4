import { TOAST_DURATION_MS } from "@atendo/shared";
import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router-dom";
import { Slide, ToastContainer } from "react-toastify";
import { SocketProvider } from "../realtime/SocketProvider";
import { ThemeModeProvider, useThemeMode } from "../theme/ThemeModeProvider";
import { queryClient } from "./queryClient";
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

export function App() {
  return (
    <ThemeModeProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <SessionProvider>
            <SocketProvider>
              <AppRoutes />
            </SocketProvider>
          </SessionProvider>
        </BrowserRouter>
        <Toasts />
      </QueryClientProvider>
    </ThemeModeProvider>
  );
}
