import { INFINITE_SCROLL_THRESHOLD_PX, type Invoice, SEARCH_DEBOUNCE_MS } from "@atendo/shared";
import PaymentsOutlinedIcon from "@mui/icons-material/PaymentsOutlined";
import PixIcon from "@mui/icons-material/Pix";
import SearchIcon from "@mui/icons-material/Search";
import {
  Button,
  Chip,
  CircularProgress,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from "@mui/material";
import { alpha } from "@mui/material/styles";
import { useInfiniteQuery } from "@tanstack/react-query";
import { type UIEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../api/client";
import {
  EmptyState,
  Loading,
  MainContainer,
  MainHeader,
  MainHeaderButtonsWrapper,
  MainPaper,
  Title,
} from "../../components";
import { formatDate } from "../../utils/date";
import { CheckoutDialog } from "./checkout/CheckoutDialog";
import { fetchInvoicesPage, formatMoney, invoicesKeys } from "./invoicesApi";

const STATUS_COLOUR = { open: "warning", paid: "success", expired: "error" } as const;

function nearBottom(element: HTMLElement): boolean {
  return element.scrollHeight - (element.scrollTop + element.clientHeight) < INFINITE_SCROLL_THRESHOLD_PX;
}

/** The search text, sent after the user pauses typing. */
function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

/** /financeiro: the company's invoices; expired ones in red; unpaid ones open the checkout. */
export default function FinanceiroPage() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState("");
  const searchParam = useDebounced(searchText);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const paperRef = useRef<HTMLDivElement>(null);

  const query = useInfiniteQuery({
    queryKey: invoicesKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => fetchInvoicesPage(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
  });
  const { data, isPending, isError, error, hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    if (isError) toastError(error);
  }, [isError, error]);

  const invoices: Invoice[] = [];
  const seen = new Set<number>();
  for (const page of data?.pages ?? []) {
    for (const invoice of page.invoices) {
      if (seen.has(invoice.id)) continue;
      seen.add(invoice.id);
      invoices.push(invoice);
    }
  }

  const loadMoreIfNear = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !hasNextPage || isFetchingNextPage) return;
      if (nearBottom(element)) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  const onScroll = (event: UIEvent<HTMLDivElement>) => loadMoreIfNear(event.currentTarget);

  // A first page that does not fill the box cannot be scrolled: load on until it does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check whenever the rows change
  useEffect(() => {
    loadMoreIfNear(paperRef.current);
  }, [loadMoreIfNear, invoices.length]);

  const pay = (invoice: Invoice) => {
    setPaying(invoice);
    setCheckoutOpen(true);
  };

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("financeiro.title")}</Title>
        <MainHeaderButtonsWrapper>
          <TextField
            size="small"
            type="search"
            placeholder={t("financeiro.searchPlaceholder")}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            slotProps={{
              htmlInput: { "aria-label": t("financeiro.searchPlaceholder") },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" color="action" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ minWidth: { xs: "100%", sm: 280 } }}
          />
        </MainHeaderButtonsWrapper>
      </MainHeader>

      <MainPaper ref={paperRef} onScroll={onScroll} sx={{ p: 0 }}>
        {isPending ? (
          <Loading />
        ) : invoices.length === 0 ? (
          <EmptyState icon={<PaymentsOutlinedIcon sx={{ fontSize: 56 }} />} title={t("financeiro.empty.title")}>
            {searchParam ? t("financeiro.empty.search") : null}
          </EmptyState>
        ) : (
          <Table stickyHeader size="small" aria-label={t("financeiro.title")}>
            <TableHead>
              <TableRow>
                <TableCell align="center" sx={{ width: 80 }}>
                  {t("financeiro.table.id")}
                </TableCell>
                <TableCell>{t("financeiro.table.detail")}</TableCell>
                <TableCell align="right">{t("financeiro.table.value")}</TableCell>
                <TableCell align="center">{t("financeiro.table.dueDate")}</TableCell>
                <TableCell align="center">{t("financeiro.table.status")}</TableCell>
                <TableCell align="center" sx={{ width: 140 }}>
                  {t("financeiro.table.action")}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoices.map((invoice) => {
                const expired = invoice.status === "expired";
                return (
                  <TableRow
                    key={invoice.id}
                    hover
                    data-status={invoice.status}
                    sx={expired ? { backgroundColor: (theme) => alpha(theme.palette.error.main, 0.14) } : undefined}
                  >
                    <TableCell align="center">{invoice.id}</TableCell>
                    <TableCell>{invoice.detail}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      {formatMoney(invoice.value)}
                    </TableCell>
                    <TableCell align="center" sx={expired ? { color: "error.main", fontWeight: 600 } : undefined}>
                      {formatDate(invoice.dueDate)}
                    </TableCell>
                    <TableCell align="center">
                      <Chip
                        size="small"
                        variant={expired ? "filled" : "outlined"}
                        color={STATUS_COLOUR[invoice.status]}
                        label={t(`financeiro.status.${invoice.status}`)}
                      />
                    </TableCell>
                    <TableCell align="center">
                      {invoice.status === "paid" ? (
                        <Button size="small" disabled>
                          {t("financeiro.buttons.paid")}
                        </Button>
                      ) : (
                        <Button
                          size="small"
                          variant="contained"
                          color={expired ? "error" : "primary"}
                          startIcon={<PixIcon />}
                          onClick={() => pay(invoice)}
                          aria-label={`${t("financeiro.buttons.pay")} ${invoice.id}`}
                        >
                          {t("financeiro.buttons.pay")}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
              {isFetchingNextPage ? (
                <TableRow>
                  <TableCell colSpan={6} align="center">
                    <CircularProgress size={20} />
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        )}
      </MainPaper>

      <CheckoutDialog open={checkoutOpen} invoice={paying} onClose={() => setCheckoutOpen(false)} />
    </MainContainer>
  );
}
