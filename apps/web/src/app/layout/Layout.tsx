import { DRAWER_OPEN_MIN_PX, SMALL_SCREEN_MAX_PX } from "@atendo/shared";
import { Box, useMediaQuery } from "@mui/material";
import { Suspense, useState } from "react";
import { Outlet } from "react-router-dom";
import { Loading } from "../../components/Loading";
import { ChatEvents } from "../../modules/chats/useChatEvents";
import { useSession } from "../session";
import { drawerStartsOpen } from "./drawerStart";
import { MainDrawer } from "./MainDrawer";
import { TopBar } from "./TopBar";

/** Small screens get a temporary drawer, wide ones an open one, the widths between a mini drawer. */
type DrawerMode = "temporary" | "mini" | "wide";

/** Signed-in frame: side menu, top bar and the routed page. */
export function Layout() {
  const { user } = useSession();
  const small = useMediaQuery(`(max-width:${SMALL_SCREEN_MAX_PX - 0.05}px)`, { noSsr: true });
  const wide = useMediaQuery(`(min-width:${DRAWER_OPEN_MIN_PX}px)`, { noSsr: true });
  const mode: DrawerMode = small ? "temporary" : wide ? "wide" : "mini";
  // Open by default above 1200 px unless the company's setting says closed; closed elsewhere.
  const startOpen = (forMode: DrawerMode) => forMode === "wide" && drawerStartsOpen(user);
  const [drawer, setDrawer] = useState(() => ({ mode, open: startOpen(mode) }));

  // A new screen size resets the state during this render, not in an effect after it: a temporary
  // drawer that mounted open for one frame (wide → phone) left its invisible backdrop over the page.
  if (drawer.mode !== mode) setDrawer({ mode, open: startOpen(mode) });
  const open = drawer.mode === mode && drawer.open;
  const setOpen = (value: boolean) => setDrawer({ mode, open: value });

  return (
    <Box sx={{ display: "flex", height: "100vh", overflow: "hidden", bgcolor: "background.default" }}>
      {/* Once for the whole frame: the menu's chat dot, the top bar's count and the chats page share it. */}
      <ChatEvents />
      <MainDrawer open={open} temporary={small} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} />
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        <TopBar onToggleDrawer={() => setOpen(!open)} />
        <Box component="main" id="main-content" sx={{ flex: 1, minHeight: 0, overflow: "auto", display: "flex" }}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
