/**
 * The quoted cost of a piece (issue 22): the SQL lives beside the schema (@hub/db quoted-cost.ts)
 * so placing (place.service.ts) and the demo seed quote lines with the very same build-up.
 */
export { quotedCostColumns } from "@hub/db";
