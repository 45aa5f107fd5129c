export * from "./accounts";
export * from "./identity";
export * from "./platform";
export * from "./product-dev";
