import { lazy, type ReactNode } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const StockListPage = lazy(() => import("./stock-list-page"));
const StockItemPage = lazy(() => import("./stock-item-page"));
const PurchaseOrdersListPage = lazy(() => import("./purchase-orders-list-page"));
const PurchaseOrderFormPage = lazy(() => import("./purchase-order-form-page"));
const PurchaseOrderPage = lazy(() => import("./purchase-order-page"));
const SuppliersListPage = lazy(() => import("./suppliers-list-page"));
const SupplierFormPage = lazy(() => import("./supplier-form-page"));
const InventorySnapshotPage = lazy(() => import("./snapshot-page"));

const guard = (card: string, element: ReactNode) => <CardGuard card={card}>{element}</CardGuard>;

/** Inventory (issue 10): stock, purchase orders and suppliers, mounted inside the signed-in shell. */
export const inventoryRoutes: RouteObject[] = [
  { path: "inventory", element: guard("inventory", <StockListPage />) },
  { path: "inventory/:kind/:id", element: guard("inventory", <StockItemPage />) },
  { path: "inventorySnapshot", element: guard("inventorySnapshot", <InventorySnapshotPage />) },
  { path: "inventoryOnOrder", element: guard("inventoryOnOrder", <PurchaseOrdersListPage />) },
  { path: "inventoryOnOrder/new", element: guard("inventoryOnOrder", <PurchaseOrderFormPage />) },
  { path: "inventoryOnOrder/:id", element: guard("inventoryOnOrder", <PurchaseOrderPage />) },
  { path: "supplierDetails", element: guard("supplierDetails", <SuppliersListPage />) },
  { path: "supplierDetails/new", element: guard("supplierDetails", <SupplierFormPage key="new" mode="new" />) },
  { path: "supplierDetails/edit/:id", element: guard("supplierDetails", <SupplierFormPage key="edit" mode="edit" />) },
];
