import { Badge, IconButton, Popover, type SxProps, type Theme, Tooltip, Typography } from "@mui/material";
import { type ReactNode, useState } from "react";

export interface TopBarPopoverProps {
  /** The popover's title, the button's tooltip and the dialog's accessible name. */
  title: string;
  /** The button's accessible name, which says the count ("Chats, 2 unread"). */
  buttonLabel: string;
  icon: ReactNode;
  /** The number on the button's badge; 0 hides the badge. */
  count: number;
  /** Prefix of the test ids: `{testId}-button`, `{testId}-badge`. */
  testId: string;
  /** The paper's layout beyond the shared width (a height cap, a column). */
  paperSx?: SxProps<Theme>;
  /** What shows under the title, rendered from opening until closed and faded out (a closed popover loads nothing). */
  children: (close: () => void) => ReactNode;
}

/** A top-bar button with a count badge that opens a titled panel below it (announcements, internal chats). */
export function TopBarPopover({ title, buttonLabel, icon, count, testId, paperSx, children }: TopBarPopoverProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [shown, setShown] = useState(false);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={title}>
        <IconButton
          color="inherit"
          aria-label={buttonLabel}
          aria-haspopup="dialog"
          aria-expanded={anchor ? "true" : undefined}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            setShown(true);
          }}
          data-testid={`${testId}-button`}
        >
          <Badge badgeContent={count} color="error" max={99} data-testid={`${testId}-badge`}>
            {icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{
          transition: { onExited: () => setShown(false) },
          paper: {
            role: "dialog",
            "aria-label": title,
            sx: [{ width: 380, maxWidth: "calc(100vw - 24px)" }, ...(Array.isArray(paperSx) ? paperSx : [paperSx])],
          },
        }}
      >
        <Typography variant="subtitle1" sx={{ fontWeight: 600, px: 2, pt: 1.5, pb: 1 }}>
          {title}
        </Typography>
        {shown ? children(close) : null}
      </Popover>
    </>
  );
}
