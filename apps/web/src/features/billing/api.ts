import { billingApi } from "@hub/contracts/billing/api";
import type { TAddBankAccountRequest, TAddCardRequest } from "@hub/contracts/billing/billing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";
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
    queryFn: () => call(billingApi.paymentMethods),
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

export const useAddCard = () => useInvalidating((body: TAddCardRequest) => call(billingApi.addCard, { body }));
export const useAddBankAccount = () =>
  useInvalidating((body: TAddBankAccountRequest) => call(billingApi.addBankAccount, { body }));
export const useSetDefault = () => useInvalidating((id: number) => call(billingApi.setDefault, { body: { id } }));
export const useRemovePaymentMethod = () =>
  useInvalidating((id: number) => call(billingApi.removePaymentMethod, { params: { id } }));

export const openBillingPortal = async (): Promise<void> => {
  const { url } = await call(billingApi.portalSession, {
    body: { returnUrl: `${window.location.origin}/paymentMethods` },
  });
  window.location.assign(url);
};
