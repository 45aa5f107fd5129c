import { INTEGRATION_MESSAGES } from "@hub/contracts";
import { badRequest, forbidden } from "../../platform/errors";
import type { Principal } from "../../platform/principal";

/**
 * The client an integrations call acts on: a client user's own client; an internal admin's
 * chosen session client (400 asking to choose one when there is none). Others: 403.
 */
export const actingClientId = (p: Principal): number => {
  if (p.isInternal) {
    if (p.sessionClientId === null) throw badRequest(INTEGRATION_MESSAGES.chooseClient);
    return p.sessionClientId;
  }
  if (p.clientId === null) throw forbidden("This is for users of a client.");
  return p.clientId;
};

/** Changes to keys and credentials: the client's admin, or an internal admin on a session client. */
export const adminClientId = (p: Principal): number => {
  const clientId = actingClientId(p);
  if (!p.isInternal && !p.isClientAdmin) throw forbidden("Only your client's admin can do this.");
  return clientId;
};
