import { SalesDashboard } from "./sales-dashboard-page";

/** JAS Sales (/qs-dashboards/jasSales): the Sales Dashboard for one client (the picker, or a client's own). */
export default function JasSalesPage() {
  return <SalesDashboard jas />;
}
