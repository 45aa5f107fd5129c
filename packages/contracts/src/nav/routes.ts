/**
 * Every protected route of the spec (sections 2.3–2.7) that no issue has built yet, and whether
 * the spec marks it coming soon. The web app shows the coming-soon page for all of them until a
 * feature replaces the entry with a real screen.
 */
const libary = ["images", "fabrics", "notions", "labels", "threads", "packaging", "colors", "prints", "graphics", "sizes", "pomTemplates", "suppliers", "shippingLibrary"];
const adminData = ["attributes", "fabrics", "instructions", "instructionImages", "instructionProfiles", "options", "parts", "styles", "partProfiles", "styleMarkers"];

export const PLACEHOLDER_ROUTES: string[] = [
  "/productDev/files/dashboard",
  "/productDev/files/importTechPack",
  "/productDev/files/fileManager",
  "/productDev/products/addNewProduct",
  "/productDev/products",
  "/productDev/products/:productId/versions",
  "/productDev/products/:productId/versions/:version/stps/:stpId/*",
  ...libary.map((l) => `/productDev/libary/${l}`),
  "/productDev/shippingProfiles",
  "/productDev/teamManagement",
  "/styles", "/options", "/attributes", "/attributeProfile", "/instruction", "/skuMap", "/instructionImage",
  "/instructionProfile", "/part", "/partProfile", "/fabric", "/bmcThreads", "/threads", "/machines", "/styleMarkers",
  "/importCsv",
  ...adminData.flatMap((r) => [`/${r}`, `/${r}/new`, `/${r}/edit/:id`]),
  "/styles/productPreview/:id", "/styles/styleInstructions/:id", "/styles/styleParts/:id",
  "/skuMaps", "/machines", "/attributeProfiles", "/bmcThreads", "/threads",
  "/inventory", "/inventoryOnOrder", "/supplierDetails",
  "/orderEntry", "/orders", "/orders/:orderId", "/orders/:orderId/itemEdit", "/returns", "/orderChargeReport",
  "/openOrders", "/toteLookup", "/clearTote", "/assignTote", "/pullOrder", "/cutPlannerAuto", "/allCutters",
  "/recutTote", "/queuedToCut", "/cutters",
  "/shipments", "/financials", "/stripeReports", "/inventorySnapshot", "/jasPricing", "/reportDownloads",
  ...["botPerformance", "times", "homegoods", "qualityHistory", "salesDashboard", "productionOverview", "jasSales", "3100"].map(
    (d) => `/qs-dashboards/${d}`,
  ),
  "/yourAccount", "/yourAddresses", "/yourClientUsers", "/accountIntegration", "/manageSubscription",
  "/newSubscription", "/uploadPrintFiles", "/softwareRequest", "/apiIntegrations", "/factoryConfig",
  "/clients", "/clients/new", "/clients/edit/:id", "/users", "/users/edit/:id",
].filter((route, index, all) => all.indexOf(route) === index);
