import { productsApi } from "@hub/contracts/products/api";
import { Alert, Button } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { call } from "../../lib/api";
import { useAuth } from "../../lib/auth/auth-context";
import { productKeys } from "./api";

/**
 * The facility's message (issue 23): tech packs sent to it that nobody there opened yet, with the
 * newest named. Shown on the home page and above the Tech Packs list; nothing when all are opened.
 */
export function NewTechPacksAlert() {
  const { cardAccess, user } = useAuth();
  const on = cardAccess.has("techPacks") && user?.userType !== "icreate";
  const news = useQuery({
    queryKey: [...productKeys.all(), "sent", "new"],
    queryFn: () => call(productsApi.techPackNews),
    enabled: on,
    staleTime: 0,
  });
  const n = news.data?.count ?? 0;
  if (!on || n === 0) return null;
  const latest = news.data?.latest;
  return (
    <Alert
      severity="info"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/productDev/techPacks">
          Open Tech Packs
        </Button>
      }
    >
      {n === 1 ? "A new tech pack was sent to your facility" : `${n} new tech packs were sent to your facility`}
      {latest ? `: ${latest.brand} sent ${latest.productCode} ${latest.productName}, version ${latest.version}.` : "."}
    </Alert>
  );
}
