import { DRAWER_OPEN_MIN_PX, SMALL_SCREEN_MAX_PX } from "@atendo/shared";
import { Box, useMediaQuery } from "@mui/material";
import { Suspense, useEffect, useState } from "react";
import { Outlet } from "react-router-dom";
import { Loading } from "../../components/Loading";
import { MainDrawer } from "./MainDrawer";
import { TopBar } from "./TopBar";

/** Signed-in frame: side menu, top bar and the routed page. */
export function Layout() {
  const small = useMediaQuery(`(max-width:${SMALL_SCREEN_MAX_PX - 0.05}px)`, { noSsr: true });
  const wide = useMediaQuery(`(min-width:${DRAWER_OPEN_MIN_PX}px)`, { noSsr: true });
  const [open, setOpen] = useState(wide);

  // Open by default above 1200 px; closed (temporary) on small screens.
  useEffect(() => {
    setOpen(wide);
  }, [wide]);

  return (
    <Box sx={{ display: "flex", height: "100vh", overflow: "hidden", bgcolor: "background.default" }}>
      <MainDrawer open={open} temporary={small} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} />
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        <TopBar onToggleDrawer={() => setOpen((value) => !value)} />
        <Box component="main" id="main-content" sx={{ flex: 1, minHeight: 0, overflow: "auto", display: "flex" }}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
