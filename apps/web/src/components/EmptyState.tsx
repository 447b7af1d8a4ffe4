import { Box, Typography } from "@mui/material";
import type { ReactNode } from "react";

export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: ReactNode; children?: ReactNode }) {
  return (
    <Box
      sx={{
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        textAlign: "center",
        gap: 1.5,
        py: 8,
        px: 2,
        color: "text.secondary",
      }}
    >
      {icon}
      <Typography variant="subtitle1">{title}</Typography>
      {children}
    </Box>
  );
}
