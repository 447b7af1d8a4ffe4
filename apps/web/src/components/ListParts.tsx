import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import type { ReactNode, RefObject, UIEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { EmptyState } from "./EmptyState";
import { Loading } from "./Loading";
import { MainPaper } from "./PageShell";

/** What `PagedListPaper` needs from `usePagedList`. */
interface PagedListState {
  boxRef: RefObject<HTMLDivElement | null>;
  onScroll: (event: UIEvent<HTMLElement>) => void;
  query: { isPending: boolean };
  rows: readonly unknown[];
}

/**
 * The scrolling box of a list page: a spinner while the first page loads, `empty` when
 * there are no rows, else the table (`children`); scrolling near its bottom loads more.
 */
export function PagedListPaper({
  list,
  empty,
  children,
}: {
  list: PagedListState;
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <MainPaper ref={list.boxRef} onScroll={list.onScroll} sx={{ p: 0 }}>
      {list.query.isPending ? <Loading /> : list.rows.length === 0 ? empty : children}
    </MainPaper>
  );
}

/** The last row of a paged table while its next page loads. */
export function LoadingMoreRow({ colSpan, label }: { colSpan: number; label: string }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center">
        <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1, color: "text.secondary" }}>
          <CircularProgress size={16} color="inherit" />
          {label}
        </Box>
      </TableCell>
    </TableRow>
  );
}

/** A row's icon action: a small icon button named `label`, with `label` as its tooltip. */
export function RowAction({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The body of a list page the signed-in profile cannot use (the server would answer 403):
 * says so, in place of a list that would stay empty, and offers the way back to the tickets.
 */
export function NoAccessPaper({ title, hint }: { title: string; hint: string }) {
  const { t } = useTranslation();
  return (
    <MainPaper sx={{ p: 0 }} role="status" data-testid="no-access">
      <EmptyState icon={<LockOutlinedIcon sx={{ fontSize: 56 }} />} title={title}>
        <Box sx={{ maxWidth: 420 }}>{hint}</Box>
        <Button component={RouterLink} to="/tickets" variant="outlined" color="inherit" sx={{ mt: 1 }}>
          {t("common.goToTickets")}
        </Button>
      </EmptyState>
    </MainPaper>
  );
}

/** A row's name in a list: bold, on one line, whole in its tooltip when cut. */
export function RowName({ children }: { children: string }) {
  return (
    <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={children}>
      {children}
    </Typography>
  );
}

/** An on/off state in a list: a filled green chip when active, an outlined grey one when not. */
export function ActiveChip({ active, label }: { active: boolean; label: string }) {
  return (
    <Chip size="small" variant={active ? "filled" : "outlined"} color={active ? "success" : "default"} label={label} />
  );
}
