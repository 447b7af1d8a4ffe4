import { Box, Paper, type PaperProps, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** The page frame every screen renders inside the layout. */
export function MainContainer({ children, fullWidth = true }: { children: ReactNode; fullWidth?: boolean }) {
  return (
    <Box
      component="section"
      sx={{
        flex: 1,
        minHeight: 0,
        height: "100%",
        display: "flex",
        flexDirection: "column",
        p: { xs: 1.5, sm: 2, md: 3 },
        gap: 2,
        maxWidth: fullWidth ? "none" : 1200,
        width: "100%",
        mx: "auto",
      }}
    >
      {children}
    </Box>
  );
}

/** Alias kept for pages that prefer the name. */
export const PageShell = MainContainer;

/** Title on the left, actions (MainHeaderButtonsWrapper) on the right; wraps on small screens. */
export function MainHeader({ children }: { children: ReactNode }) {
  return (
    <Stack
      component="header"
      direction="row"
      sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 1.5, minHeight: 48 }}
    >
      {children}
    </Stack>
  );
}

export function MainHeaderButtonsWrapper({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 1, ml: "auto" }}>
      {children}
    </Stack>
  );
}

export function Title({ children, subtitle }: { children: ReactNode; subtitle?: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
        {children}
      </Typography>
      {subtitle ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The scrolling body of a page (tables, lists). */
export function MainPaper({ children, sx, ...props }: PaperProps) {
  return (
    <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: "auto", p: 2, ...sx }} {...props}>
      {children}
    </Paper>
  );
}
