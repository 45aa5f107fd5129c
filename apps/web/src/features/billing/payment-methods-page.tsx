import type { TPaymentMethod } from "@hub/contracts/billing/billing";
import AccountBalance from "@mui/icons-material/AccountBalance";
import CreditCard from "@mui/icons-material/CreditCard";
import {
  Alert,
  Button,
  Card,
  Chip,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageLoader } from "../../components/loading-screen";
import { PageHeader } from "../../components/page-header";
import { ApiError, messageOf } from "../../lib/api-error";
import { AddMethodDialog } from "./add-method-dialog";
import { openBillingPortal, usePaymentMethods, useRemovePaymentMethod, useSetDefault } from "./api";

const describe = (m: TPaymentMethod) =>
  [m.brand, m.last4 ? `•••• ${m.last4}` : null].filter(Boolean).join(" ") ||
  (m.kind === "card" ? "Card" : "Bank account");

/** /paymentMethods: the client's cards and bank accounts on file, the default, and (Stripe) the billing portal. */
export default function PaymentMethodsPage() {
  const methods = usePaymentMethods();
  const setDefault = useSetDefault();
  const remove = useRemovePaymentMethod();
  const [adding, setAdding] = useState<"card" | "bank_account" | null>(null);
  const [toRemove, setToRemove] = useState<TPaymentMethod | null>(null);
  const [portalBusy, setPortalBusy] = useState(false);
  const provider = methods.data?.provider ?? "builtin";

  const makeDefault = async (m: TPaymentMethod) => {
    try {
      await setDefault.mutateAsync(m.id);
      toast.success(`${m.label} is now the default.`);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  const portal = async () => {
    setPortalBusy(true);
    try {
      await openBillingPortal();
    } catch (error) {
      toast.error(messageOf(error));
      setPortalBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Payment Methods"
        subtitle="Cards and bank accounts on file for your orders. The Hub keeps only a label and the last 4 digits."
        actions={
          methods.data ? (
            <>
              <Button variant="contained" startIcon={<CreditCard />} onClick={() => setAdding("card")}>
                Add card
              </Button>
              <Button variant="outlined" startIcon={<AccountBalance />} onClick={() => setAdding("bank_account")}>
                Add bank account
              </Button>
              {provider === "stripe" ? (
                <Button variant="outlined" onClick={portal} loading={portalBusy}>
                  Open billing portal
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      {methods.isPending ? <PageLoader /> : null}
      {methods.error ? (
        <Alert severity={methods.error instanceof ApiError && methods.error.status === 400 ? "info" : "error"}>
          {messageOf(methods.error)}
        </Alert>
      ) : null}
      {methods.data ? (
        <Card variant="outlined">
          {methods.data.items.length === 0 ? (
            <Typography sx={{ p: 3, color: "text.secondary" }}>No payment methods yet</Typography>
          ) : (
            <List aria-label="Payment methods">
              {methods.data.items.map((m) => (
                <ListItem
                  key={m.id}
                  divider
                  secondaryAction={
                    <Stack direction="row" spacing={1}>
                      {m.isDefault ? null : (
                        <Button size="small" onClick={() => makeDefault(m)} aria-label={`Make ${m.label} the default`}>
                          Make default
                        </Button>
                      )}
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setToRemove(m)}
                        aria-label={`Remove ${m.label}`}
                      >
                        Remove
                      </Button>
                    </Stack>
                  }
                >
                  <ListItemIcon>{m.kind === "card" ? <CreditCard /> : <AccountBalance />}</ListItemIcon>
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                        <span>{m.label}</span>
                        {m.isDefault ? <Chip size="small" color="primary" label="Default" /> : null}
                      </Stack>
                    }
                    secondary={describe(m)}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Card>
      ) : null}
      {adding ? <AddMethodDialog kind={adding} provider={provider} onClose={() => setAdding(null)} /> : null}
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove payment method?"
        message={toRemove ? `${toRemove.label} will be removed from your account.` : ""}
        confirmLabel="Remove"
        danger
        onClose={() => setToRemove(null)}
        onConfirm={async () => {
          if (!toRemove) return;
          await remove.mutateAsync(toRemove.id);
          toast.success(`${toRemove.label} was removed.`);
        }}
      />
    </>
  );
}
