import type { KanbanTicket, Tag } from "@atendo/shared";
import DriveFileMoveOutlinedIcon from "@mui/icons-material/DriveFileMoveOutlined";
import {
  Box,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import { type DragEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { WhatsappText } from "../tickets/conversation/WhatsappText";
import { type Lane, laneKey } from "./lanes";

/** The drag payload's type: only cards of this board are accepted by its lanes. */
export const DRAG_TYPE = "application/x-atendo-kanban-card";

export interface DragPayload {
  ticketId: number;
  from: string;
}

export interface KanbanCardProps {
  ticket: KanbanTicket;
  lane: Lane;
  lanes: Lane[];
  onOpen: () => void;
  onMove: (to: Tag | null) => void;
}

export function KanbanCard({ ticket, lane, lanes, onOpen, onMove }: KanbanCardProps) {
  const { t } = useTranslation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const targets = lanes.filter((other) => laneKey(other.tag) !== laneKey(lane.tag));

  return (
    <Paper
      elevation={1}
      draggable
      role="button"
      tabIndex={0}
      aria-label={t("kanban.card", { name: ticket.contact.name })}
      data-testid={`kanban-card-${ticket.id}`}
      onDragStart={(event: DragEvent<HTMLElement>) => {
        const payload: DragPayload = { ticketId: ticket.id, from: laneKey(lane.tag) };
        event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(payload));
        event.dataTransfer.effectAllowed = "move";
      }}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          onOpen();
        }
      }}
      sx={{ p: 1.25, cursor: "grab", "&:focus-visible": { outline: 2, outlineColor: "primary.main" } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle2" noWrap>
            {ticket.contact.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {ticket.contact.number}
          </Typography>
          {ticket.lastMessage ? (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                mt: 0.5,
                display: "-webkit-box",
                WebkitLineClamp: 2,
                WebkitBoxOrient: "vertical",
                overflow: "hidden",
              }}
            >
              <WhatsappText text={ticket.lastMessage} />
            </Typography>
          ) : null}
        </Box>
        <Tooltip title={t("kanban.moveTo")}>
          <IconButton
            size="small"
            aria-label={t("kanban.moveTo")}
            aria-haspopup="menu"
            onClick={(event) => {
              event.stopPropagation();
              setMenuAnchor(event.currentTarget);
            }}
            onKeyDown={(event) => event.stopPropagation()}
          >
            <DriveFileMoveOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Menu
        anchorEl={menuAnchor}
        open={menuAnchor !== null}
        onClose={() => setMenuAnchor(null)}
        onClick={(event) => event.stopPropagation()}
      >
        {targets.map((target) => (
          <MenuItem
            key={laneKey(target.tag)}
            onClick={() => {
              setMenuAnchor(null);
              onMove(target.tag);
            }}
          >
            <ListItemIcon sx={{ minWidth: 28 }}>
              <Box
                aria-hidden
                sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: target.tag?.color ?? "grey.500" }}
              />
            </ListItemIcon>
            <ListItemText primary={target.tag?.name ?? t("kanban.openLane")} />
          </MenuItem>
        ))}
      </Menu>
    </Paper>
  );
}
