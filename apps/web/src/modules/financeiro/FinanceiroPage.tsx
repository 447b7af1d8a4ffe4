import { type Invoice, isAdmin } from "@atendo/shared";
import PaymentsOutlinedIcon from "@mui/icons-material/PaymentsOutlined";
import PixIcon from "@mui/icons-material/Pix";
import { Button, Chip, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { alpha } from "@mui/material/styles";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import {
  EmptyState,
  ListPageHeader,
  MainContainer,
  NoAccessPaper,
  PagedListPaper,
  useSearchedPagedList,
} from "../../components";
import { formatDate } from "../../utils/date";
import { CheckoutDialog } from "./checkout/CheckoutDialog";
import { fetchInvoicesPage, formatMoney, invoicesKeys } from "./invoicesApi";

const STATUS_COLOUR = { open: "warning", paid: "success", expired: "error" } as const;

const invoicesListKeys = { lists: () => invoicesKeys.all, list: invoicesKeys.list };

/**
 * /financeiro: the company's invoices; expired ones in red; unpaid ones open the checkout.
 * The invoices are the admins' (GET /invoices answers 403 to anyone else): other profiles are told so.
 */
export default function FinanceiroPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!isAdmin(user)) {
    return (
      <MainContainer>
        <ListPageHeader title={t("financeiro.title")} />
        <NoAccessPaper title={t("financeiro.noAccess.title")} hint={t("financeiro.noAccess.hint")} />
      </MainContainer>
    );
  }
  return <InvoicesList />;
}

function InvoicesList() {
  const { t } = useTranslation();
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [checkoutOpen, setCheckoutOpen] = useState(false);

  const list = useSearchedPagedList({
    keys: invoicesListKeys,
    fetchPage: fetchInvoicesPage,
    rowsOf: (page) => page.invoices,
  });
  const { query, rows: invoices, searchText, setSearchText, searchParam } = list;
  const { isError, error, isFetchingNextPage } = query;

  useEffect(() => {
    if (isError) toastError(error);
  }, [isError, error]);

  const pay = (invoice: Invoice) => {
    setPaying(invoice);
    setCheckoutOpen(true);
  };

  return (
    <MainContainer>
      <ListPageHeader
        title={t("financeiro.title")}
        search={{ label: t("financeiro.searchPlaceholder"), value: searchText, onChange: setSearchText, minWidth: 280 }}
      />

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<PaymentsOutlinedIcon sx={{ fontSize: 56 }} />} title={t("financeiro.empty.title")}>
            {searchParam ? t("financeiro.empty.search") : null}
          </EmptyState>
        }
      >
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
      </PagedListPaper>

      <CheckoutDialog open={checkoutOpen} invoice={paying} onClose={() => setCheckoutOpen(false)} />
    </MainContainer>
  );
}
