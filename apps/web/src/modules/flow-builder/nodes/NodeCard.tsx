import type { FlowNodeType } from "@atendo/shared";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import { Box, IconButton, Paper, Stack, Tooltip, Typography } from "@mui/material";
import { Handle, Position } from "@xyflow/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NODE_WIDTH } from "../flowGraph";
import { useFlowActions } from "./flowActions";
import { NODE_LOOKS } from "./nodeLooks";

/** The blue of a selected card's border (document 2: a click highlights the node in blue). */
export const SELECTED_BORDER = "#1976d2";

export interface NodeCardProps {
  id: string;
  type: FlowNodeType;
  selected: boolean;
  title: string;
  /** The start node has no target (nothing leads into it) and no duplicate or delete icons. */
  start?: boolean;
  /** One unnamed source on the right edge; cards with named sources draw them with `SourceRow`. */
  singleSource?: boolean;
  children?: ReactNode;
}

/**
 * The frame every node card shares: a coloured icon and title, the duplicate and
 * delete icons, the target handle on the left and the sources on the right.
 */
export function NodeCard({ id, type, selected, title, start = false, singleSource = true, children }: NodeCardProps) {
  const { t } = useTranslation();
  const actions = useFlowActions();
  const look = NODE_LOOKS[type];
  const Icon = look.icon;

  return (
    <Paper
      elevation={selected ? 6 : 1}
      data-testid={`flow-node-${type}`}
      aria-label={title}
      sx={{
        width: NODE_WIDTH,
        position: "relative",
        border: 2,
        borderColor: selected ? SELECTED_BORDER : "divider",
        borderRadius: 2,
        transition: "border-color 120ms, box-shadow 120ms",
        "& .react-flow__handle": {
          width: 10,
          height: 10,
          bgcolor: "grey.600",
          border: 2,
          borderColor: "background.paper",
        },
      }}
    >
      {start ? null : <Handle type="target" position={Position.Left} />}
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", px: 1.5, pt: 1, pb: children ? 0.5 : 1 }}>
        <Box
          aria-hidden
          sx={{
            width: 28,
            height: 28,
            borderRadius: 1,
            display: "grid",
            placeItems: "center",
            color: "#fff",
            bgcolor: look.color,
            flexShrink: 0,
          }}
        >
          <Icon fontSize="small" />
        </Box>
        <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 0, fontWeight: 700 }} noWrap>
          {title}
        </Typography>
        {start ? null : (
          <Stack direction="row" className="nodrag">
            <Tooltip title={t("flowBuilder.nodes.duplicate")}>
              <IconButton
                size="small"
                aria-label={t("flowBuilder.nodes.duplicate")}
                onClick={() => actions.duplicate(id)}
              >
                <ContentCopyIcon fontSize="inherit" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t("flowBuilder.nodes.delete")}>
              <IconButton size="small" aria-label={t("flowBuilder.nodes.delete")} onClick={() => actions.remove(id)}>
                <DeleteOutlineIcon fontSize="inherit" />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
      </Stack>
      {children ? <Box sx={{ pb: 1 }}>{children}</Box> : null}
      {singleSource ? <Handle type="source" position={Position.Right} /> : null}
    </Paper>
  );
}

/** A card body's block of text, padded like the title. */
export function CardText({ children, lines = 6 }: { children: ReactNode; lines?: number }) {
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{
        px: 1.5,
        whiteSpace: "pre-wrap",
        overflowWrap: "anywhere",
        display: "-webkit-box",
        WebkitLineClamp: lines,
        WebkitBoxOrient: "vertical",
        overflow: "hidden",
      }}
    >
      {children}
    </Typography>
  );
}

/** A row that leads somewhere of its own (a menu option, a randomizer branch): its source handle sits at its right end. */
export function SourceRow({ handle, children }: { handle: string; children: ReactNode }) {
  return (
    <Box
      data-handle={handle}
      sx={{
        position: "relative",
        mx: 0,
        px: 1.5,
        py: 0.5,
        borderTop: 1,
        borderColor: "divider",
        "&:first-of-type": { borderTop: 0 },
      }}
    >
      <Typography variant="body2" noWrap>
        {children}
      </Typography>
      <Handle type="source" position={Position.Right} id={handle} />
    </Box>
  );
}
