import { NotAvailableYet } from "../../components/NotAvailableYet";

// Scaffold: replaced by the page's own work.
export default function FinanceiroPage() {
  return <NotAvailableYet />;
}
