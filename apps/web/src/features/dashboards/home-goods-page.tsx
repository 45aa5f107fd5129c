import { changePct } from "@hub/contracts/dashboards/range";
import { Alert, Grid, LinearProgress } from "@mui/material";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { money } from "../../lib/money";
import { useCategoryDashboard } from "./api";
import { ChartCard } from "./chart-card";
import { Bars, moneySeries } from "./charts";
import { EmbedButton } from "./embed-dialog";
import { ordersListTo } from "./links";
import { RangeBar, useDashboardQuery } from "./range-bar";

/** Home Goods (/qs-dashboards/homegoods): sales by product category against the period before, and a category's best styles. */
export default function HomeGoodsPage() {
  const state = useDashboardQuery("90d");
  const [params] = useSearchParams();
  const data = useCategoryDashboard(state.query);
  const d = data.data;
  const r = d?.range;
  const chosen = params.get("category") ?? d?.categories[0]?.category;
  const styles = (d?.styles ?? []).filter((s) => s.category === chosen);
  const withCategory = (category: string) => {
    const next = new URLSearchParams(params);
    next.set("category", category);
    return `?${next.toString()}`;
  };
  const file = (name: string) => (r ? `${name}-${r.from}-${r.to}.csv` : `${name}.csv`);
  return (
    <>
      <PageHeader
        title="Home Goods"
        subtitle="Sales by product category: the order lines of orders placed in the range, against the same number of days before."
        actions={<EmbedButton dashboardId="homegoods" />}
      />
      <RangeBar state={state} resolved={r} />
      {data.isError ? <Alert severity="error">{data.error.message}</Alert> : null}
      {data.isFetching ? <LinearProgress sx={{ mb: 1 }} aria-label="Loading" /> : null}
      {d && r ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title="By category"
              subheader="Click a category for its best styles"
              testId="chart-categories"
              rows={d.categories}
              fileName={file("sales-by-category")}
              rowTo={(c) => withCategory(c.category)}
              columns={(col) => [
                col.text("Category", (c) => c.category),
                col.money("Revenue", (c) => c.revenueCents),
                col.money("Before", (c) => c.previousRevenueCents),
                col.text(
                  "Change",
                  (c) => changePct(c.revenueCents, c.previousRevenueCents),
                  (c) => {
                    const v = changePct(c.revenueCents, c.previousRevenueCents);
                    return v === null ? "—" : `${v > 0 ? "+" : ""}${v}%`;
                  },
                ),
                col.int("Units", (c) => c.units),
                col.int("Orders", (c) => c.orders),
              ]}
              chart={
                <Bars
                  horizontal
                  labels={d.categories.map((c) => c.category)}
                  to={(i) => withCategory(d.categories[i]?.category ?? "")}
                  series={[
                    moneySeries(
                      "Range",
                      d.categories.map((c) => c.revenueCents),
                    ),
                    moneySeries(
                      "Before",
                      d.categories.map((c) => c.previousRevenueCents),
                    ),
                  ]}
                />
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title={chosen ? `Best styles: ${chosen}` : "Best styles"}
              subheader="Click a style for its orders"
              testId="chart-category-styles"
              rows={styles}
              fileName={file(`styles-${chosen ?? "all"}`)}
              listTo={ordersListTo(r, { clientId: state.clientId })}
              rowTo={(s) => ordersListTo(r, { clientId: state.clientId, q: s.styleCode })}
              columns={(col) => [
                col.text("Style", (s) => s.styleCode),
                col.text("Name", (s) => s.styleName),
                col.money("Revenue", (s) => s.revenueCents),
                col.int("Units", (s) => s.units),
              ]}
              chart={
                <Bars
                  horizontal
                  labels={styles.map((s) => s.styleCode)}
                  to={(i) => ordersListTo(r, { clientId: state.clientId, q: styles[i]?.styleCode })}
                  series={[
                    { label: "Revenue", data: styles.map((s) => s.revenueCents / 100), format: (v) => money(v * 100) },
                  ]}
                />
              }
            />
          </Grid>
        </Grid>
      ) : null}
    </>
  );
}
