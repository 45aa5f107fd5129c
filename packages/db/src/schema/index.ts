export * from "./accounts";
export * from "./billing";
export * from "./files";
export * from "./identity";
export * from "./integrations";
export * from "./library";
export * from "./platform";
export * from "./product-dev";
