import { Box, Typography } from "@mui/material";

/** The Atendo mark: a speech bubble on the brand yellow. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 64 64" sx={{ width: size, height: size, flexShrink: 0 }} aria-hidden>
      <rect width="64" height="64" rx="14" fill="#FFC400" />
      <path
        d="M32 14c-10 0-18 7.6-18 17 0 3.4 1.1 6.6 3 9.3L15 50l10-3.1c2.1.8 4.5 1.1 7 1.1 10 0 18-7.6 18-17s-8-17-18-17z"
        fill="#1f1f1f"
      />
      <circle cx="24" cy="31" r="2.6" fill="#FFC400" />
      <circle cx="32" cy="31" r="2.6" fill="#FFC400" />
      <circle cx="40" cy="31" r="2.6" fill="#FFC400" />
    </Box>
  );
}

export function Logo({ size = 32, showName = true }: { size?: number; showName?: boolean }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.25 }}>
      <LogoMark size={size} />
      {showName ? (
        <Typography component="span" sx={{ fontWeight: 800, fontSize: size * 0.7, letterSpacing: -0.5 }}>
          Atendo
        </Typography>
      ) : null}
    </Box>
  );
}
