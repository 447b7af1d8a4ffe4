import { type Invoice, isAdmin } from "@atendo/shared";
import PaymentsOutlinedIcon from "@mui/icons-material/PaymentsOutlined";
import PixIcon from "@mui/icons-material/Pix";
import { Box, Button, Chip } from "@mui/material";
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
  ResponsiveTable,
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
        <ResponsiveTable
          label={t("financeiro.title")}
          rows={invoices}
          rowKey={(invoice) => invoice.id}
          rowProps={(invoice) => ({
            "data-status": invoice.status,
            sx:
              invoice.status === "expired"
                ? { backgroundColor: (theme) => alpha(theme.palette.error.main, 0.14) }
                : undefined,
          })}
          loadingMore={isFetchingNextPage && t("financeiro.table.loadingMore")}
          columns={[
            { label: t("financeiro.table.id"), align: "center", width: 80, render: (invoice) => invoice.id },
            { label: t("financeiro.table.detail"), card: "title", render: (invoice) => invoice.detail },
            {
              label: t("financeiro.table.value"),
              align: "right",
              cellSx: { whiteSpace: "nowrap" },
              render: (invoice) => formatMoney(invoice.value),
            },
            {
              label: t("financeiro.table.dueDate"),
              align: "center",
              render: (invoice) => (
                <Box
                  component="span"
                  sx={invoice.status === "expired" ? { color: "error.main", fontWeight: 600 } : undefined}
                >
                  {formatDate(invoice.dueDate)}
                </Box>
              ),
            },
            {
              label: t("financeiro.table.status"),
              align: "center",
              render: (invoice) => (
                <Chip
                  size="small"
                  variant={invoice.status === "expired" ? "filled" : "outlined"}
                  color={STATUS_COLOUR[invoice.status]}
                  label={t(`financeiro.status.${invoice.status}`)}
                />
              ),
            },
          ]}
          actions={{
            label: t("financeiro.table.action"),
            width: 140,
            render: (invoice) =>
              invoice.status === "paid" ? (
                <Button size="small" disabled>
                  {t("financeiro.buttons.paid")}
                </Button>
              ) : (
                <Button
                  size="small"
                  variant="contained"
                  color={invoice.status === "expired" ? "error" : "primary"}
                  startIcon={<PixIcon />}
                  onClick={() => pay(invoice)}
                  aria-label={`${t("financeiro.buttons.pay")} ${invoice.id}`}
                >
                  {t("financeiro.buttons.pay")}
                </Button>
              ),
          }}
        />
      </PagedListPaper>

      <CheckoutDialog open={checkoutOpen} invoice={paying} onClose={() => setCheckoutOpen(false)} />
    </MainContainer>
  );
}
