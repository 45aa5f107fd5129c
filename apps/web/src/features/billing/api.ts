import {
  type TAddBankAccountRequest,
  type TAddCardRequest,
  ZPaymentMethodListSchema,
  ZPaymentMethodSchema,
  ZPortalSessionResponseSchema,
  ZRemovePaymentMethodResponseSchema,
} from "@hub/contracts/billing/billing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { readSessionClientId } from "../../lib/session-client";

/** Query keys of the billing area (per session client: an internal user may switch clients). */
export const billingKeys = {
  all: () => ["billing"] as const,
  paymentMethods: (sessionClientId: number | null) =>
    [...billingKeys.all(), "paymentMethods", sessionClientId] as const,
};

export const usePaymentMethods = () =>
  useQuery({
    queryKey: billingKeys.paymentMethods(readSessionClientId()),
    queryFn: () => api("/billing/paymentMethods", ZPaymentMethodListSchema),
    staleTime: 0,
    retry: false,
  });

const useInvalidating = <A, R>(fn: (arg: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all() }),
  });
};

export const useAddCard = () =>
  useInvalidating((body: TAddCardRequest) => api("/billing/cards", ZPaymentMethodSchema, { method: "POST", body }));
export const useAddBankAccount = () =>
  useInvalidating((body: TAddBankAccountRequest) =>
    api("/billing/bankAccounts", ZPaymentMethodSchema, { method: "POST", body }),
  );
export const useSetDefault = () =>
  useInvalidating((id: number) =>
    api("/billing/defaultPaymentMethod", ZPaymentMethodSchema, { method: "PUT", body: { id } }),
  );
export const useRemovePaymentMethod = () =>
  useInvalidating((id: number) =>
    api(`/billing/paymentMethods/${id}`, ZRemovePaymentMethodResponseSchema, { method: "DELETE" }),
  );

export const openBillingPortal = async (): Promise<void> => {
  const { url } = await api("/billing/portalSession", ZPortalSessionResponseSchema, {
    method: "POST",
    body: { returnUrl: `${window.location.origin}/paymentMethods` },
  });
  window.location.assign(url);
};
