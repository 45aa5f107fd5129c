import { OrderUnits } from "../order-units";
import { useOrderTab } from "./context";

/** /orders/:orderId/units: the order's units on the floor. */
export default function UnitsTab() {
  return <OrderUnits order={useOrderTab()} />;
}
