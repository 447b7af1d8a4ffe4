import {
  Box,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import type { SxProps, Theme } from "@mui/material/styles";
import { Fragment, type Key, type ReactNode, useId } from "react";
import { LoadingMoreRow } from "./ListParts";

/** `data-*` attributes put on a row (its table row, or its card on phones), for styles and tests. */
export type DataAttributes = { [name: `data-${string}`]: string | number | boolean | undefined };

/**
 * How one row is marked: data attributes, a style (a background colour), whether it is the one being edited,
 * and what a click on the whole row (or card) does (its buttons stop their own clicks from reaching it).
 */
export interface ListRowProps extends DataAttributes {
  sx?: SxProps<Theme>;
  selected?: boolean;
  onClick?: () => void;
}

/** One column of a list, declared once for the table and the phone card. */
export interface ListColumn<T> {
  /** The header of the column, and the label of its line on a card. */
  label: string;
  /** Shown in the table header instead of `label` (`""` for a column of avatars). */
  header?: ReactNode;
  render: (row: T) => ReactNode;
  align?: "center" | "right";
  /** The table column's width: pixels, or a CSS length such as "30%". */
  width?: number | string;
  /** Styles of the column's table cells (not used on cards). */
  cellSx?: SxProps<Theme>;
  /** Further attributes of one row's table cell (`aria-description`, test ids). */
  cellProps?: (row: T) => Record<string, string | undefined>;
  /** The table shows the column only from this breakpoint up (cards always show it). */
  tableFrom?: "md" | "lg";
  /**
   * Only on cards: what the table conveys another way, where a card has no such way (a presence the
   * table's name cell describes to screen readers and its dot's tooltip shows on hover).
   */
  cardOnly?: boolean;
  /**
   * Its place on a card: the card's `title`, a `leading` mark before the title (an avatar,
   * an icon), a labelled `line` (the default), or `none` (already said by the title).
   */
  card?: "title" | "leading" | "line" | "none";
}

/** The row's buttons: the table's last column, the card's bottom bar. */
export interface ListActions<T> {
  /** The column's header ("Ações"). */
  label: string;
  render: (row: T) => ReactNode;
  width?: number;
  align?: "center" | "right";
}

export interface ResponsiveTableProps<T> {
  /** The accessible name of the table (and of the list of cards). */
  label: string | undefined;
  /** Columns in table order; `false`/`null` entries (a column the profile does not get) are left out. */
  columns: readonly (ListColumn<T> | false | null | undefined)[];
  /** Left out when the profile has no action on any row: no empty "Ações" column. */
  actions?: ListActions<T>;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  rowProps?: (row: T) => ListRowProps;
  /** Shown under a row across the whole width (an expanded detail), or null. */
  below?: (row: T) => ReactNode;
  /** The label of the "loading more" line while the next page loads; false otherwise. */
  loadingMore?: string | false;
  /** Shown in place of the rows when there are none (for lists that keep their header when empty). */
  emptyText?: string;
  stickyHeader?: boolean;
}

/** Whether a rendered value shows anything (an empty e-mail gets no line on a card, no buttons no bar). */
const isBlank = (value: ReactNode) =>
  value === null ||
  value === undefined ||
  value === false ||
  value === "" ||
  (Array.isArray(value) && value.length === 0);

/**
 * A list page's rows: a table on wide screens; below `sm` (phones) a stacked card per row with
 * the title column on top, the other columns as "label: value" lines and the row's actions as
 * visible buttons, so nothing hides off the screen's edge.
 */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const theme = useTheme();
  // Read at once (noSsr): a phone never draws the table first.
  const phone = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  return phone ? <CardList {...props} /> : <WideTable {...props} />;
}

const shownColumns = <T,>(columns: ResponsiveTableProps<T>["columns"]) =>
  columns.filter((column): column is ListColumn<T> => Boolean(column));

const tableDisplay = (from: ListColumn<unknown>["tableFrom"]) =>
  from ? { display: { xs: "none", [from]: "table-cell" } } : undefined;

function WideTable<T>({
  label,
  columns,
  actions,
  rows,
  rowKey,
  rowProps,
  below,
  loadingMore,
  emptyText,
  stickyHeader = true,
}: ResponsiveTableProps<T>) {
  const shown = shownColumns(columns).filter((column) => !column.cardOnly);
  const span = shown.length + (actions ? 1 : 0);
  return (
    <Table stickyHeader={stickyHeader} size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {shown.map((column, index) => (
            <TableCell
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per page and may share an empty header
              key={index}
              align={column.align}
              sx={[{ width: column.width }, tableDisplay(column.tableFrom) ?? {}]}
            >
              {column.header ?? column.label}
            </TableCell>
          ))}
          {actions ? (
            <TableCell align={actions.align ?? "center"} sx={{ width: actions.width }}>
              {actions.label}
            </TableCell>
          ) : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 && emptyText ? (
          <TableRow>
            <TableCell colSpan={span} align="center" sx={{ color: "text.secondary", py: 4 }}>
              {emptyText}
            </TableCell>
          </TableRow>
        ) : null}
        {rows.map((row) => {
          const { sx, selected, onClick, ...data } = rowProps?.(row) ?? {};
          const detail = below?.(row);
          return (
            <Fragment key={rowKey(row)}>
              <TableRow hover selected={selected} sx={sx} onClick={onClick} {...data}>
                {shown.map((column, index) => (
                  <TableCell
                    // biome-ignore lint/suspicious/noArrayIndexKey: the same fixed columns as the header
                    key={index}
                    align={column.align}
                    sx={[
                      ...(Array.isArray(column.cellSx) ? column.cellSx : [column.cellSx ?? {}]),
                      tableDisplay(column.tableFrom) ?? {},
                    ]}
                    {...column.cellProps?.(row)}
                  >
                    {column.render(row)}
                  </TableCell>
                ))}
                {actions ? (
                  <TableCell align={actions.align ?? "center"} sx={{ whiteSpace: "nowrap" }}>
                    {actions.render(row)}
                  </TableCell>
                ) : null}
              </TableRow>
              {isBlank(detail) ? null : (
                <TableRow>
                  <TableCell colSpan={span} sx={{ p: 0 }}>
                    {detail}
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          );
        })}
        {loadingMore ? <LoadingMoreRow colSpan={span} label={loadingMore} /> : null}
      </TableBody>
    </Table>
  );
}

function CardList<T>({
  label,
  columns,
  actions,
  rows,
  rowKey,
  rowProps,
  below,
  loadingMore,
  emptyText,
}: ResponsiveTableProps<T>) {
  const shown = shownColumns(columns);
  if (rows.length === 0 && emptyText) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center", py: 4 }}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label={label} data-testid="list-cards" sx={{ listStyle: "none", m: 0, p: 0 }}>
      {rows.map((row) => (
        <RowCard
          key={rowKey(row)}
          row={row}
          columns={shown}
          actions={actions}
          marks={rowProps?.(row)}
          detail={below?.(row)}
        />
      ))}
      {loadingMore ? (
        <Box
          component="li"
          sx={{
            display: "flex",
            justifyContent: "center",
            alignItems: "center",
            gap: 1,
            py: 1.5,
            color: "text.secondary",
          }}
        >
          <CircularProgress size={16} color="inherit" />
          <Typography variant="body2">{loadingMore}</Typography>
        </Box>
      ) : null}
    </Box>
  );
}

interface RowCardProps<T> {
  row: T;
  columns: readonly ListColumn<T>[];
  actions?: ListActions<T>;
  marks?: ListRowProps;
  detail: ReactNode;
}

/** One row on a phone: its title (named by it), its lines, then its actions, then its detail. */
function RowCard<T>({ row, columns, actions, marks, detail }: RowCardProps<T>) {
  const titleId = useId();
  const { sx, selected, onClick, ...data } = marks ?? {};
  const title = columns.find((column) => column.card === "title");
  const leading = columns.filter((column) => column.card === "leading").map((column) => column.render(row));
  const lines = columns
    .filter((column) => column.card === undefined || column.card === "line")
    .map((column) => ({ label: column.label, value: column.render(row) }))
    .filter((line) => !isBlank(line.value));
  const buttons = actions?.render(row);
  return (
    <Box
      component="li"
      aria-labelledby={title ? titleId : undefined}
      data-testid="list-card"
      onClick={onClick}
      {...data}
      sx={[
        {
          px: 1.5,
          py: 1.25,
          minWidth: 0,
          borderBottom: 1,
          borderColor: "divider",
          "&:last-of-type": { borderBottom: 0 },
        },
        selected ? { bgcolor: "action.selected" } : {},
        ...(Array.isArray(sx) ? sx : [sx ?? {}]),
      ]}
    >
      {title || leading.length > 0 ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
          {leading.map((mark, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one mark per leading column, in column order
            <Fragment key={index}>{mark}</Fragment>
          ))}
          {title ? (
            <Box
              id={titleId}
              sx={{ minWidth: 0, flex: 1, typography: "body2", fontWeight: 600, overflowWrap: "break-word" }}
            >
              {title.render(row)}
            </Box>
          ) : null}
        </Box>
      ) : null}
      {lines.length > 0 ? (
        <Box
          component="dl"
          sx={{
            display: "grid",
            gridTemplateColumns: "minmax(0, max-content) minmax(0, 1fr)",
            columnGap: 1.5,
            rowGap: 0.5,
            alignItems: "center",
            m: 0,
            mt: 0.75,
            typography: "body2",
          }}
        >
          {lines.map((line) => (
            <Fragment key={line.label}>
              <Box component="dt" sx={{ color: "text.secondary" }}>
                {line.label}
              </Box>
              <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: "break-word" }}>
                {line.value}
              </Box>
            </Fragment>
          ))}
        </Box>
      ) : null}
      {isBlank(buttons) ? null : (
        <Box
          sx={{
            display: "flex",
            flexWrap: "wrap",
            justifyContent: "flex-end",
            alignItems: "center",
            gap: 0.5,
            mt: 0.5,
          }}
        >
          {buttons}
        </Box>
      )}
      {isBlank(detail) ? null : <Box sx={{ mt: 1 }}>{detail}</Box>}
    </Box>
  );
}

/** Stated inline (its browser default) so that name computations reading styles, such as tests', add no space. */
const WBR_STYLE = { display: "inline" } as const;

/**
 * A long value that wraps at sensible points: after "@" and "/" and before each "." (e-mails, links),
 * never into letter fragments. A table column grows to fit the widest piece; on a card a piece
 * too wide by itself still breaks (the card's lines wrap long words) rather than overflow.
 */
export function BreakableText({ children }: { children: string | null | undefined }) {
  if (!children) return null;
  const pieces = children.split(/(?<=[@/])|(?=\.)/);
  return (
    <>
      {pieces.map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string
        <Fragment key={index}>
          {index > 0 ? <wbr style={WBR_STYLE} /> : null}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
