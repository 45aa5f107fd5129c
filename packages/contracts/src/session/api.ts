import { type Access, declareApi } from "../common/operation";
import {
  ZIpResponseSchema,
  ZLoginAuditRequestSchema,
  ZLoginAuditResponseSchema,
  ZUserDataQuerySchema,
  ZUserDataResponseSchema,
} from "./user-profile";

const SIGNED_IN: Access = { signedIn: true };

/** The session area's operations: the signed-in user's profile, the login audit and the IP echo. */
export const sessionApi = declareApi("session", {
  /** The session: the signed-in user's profile. Internal admins may load another user's. */
  userData: {
    method: "GET",
    path: "/userdata",
    access: SIGNED_IN,
    query: ZUserDataQuerySchema,
    responses: { 200: ZUserDataResponseSchema },
  },
  loginAudit: {
    method: "POST",
    path: "/loginAudit",
    access: SIGNED_IN,
    body: ZLoginAuditRequestSchema,
    responses: { 200: ZLoginAuditResponseSchema },
  },
  /** The caller's public address as this server sees it (the default public-IP lookup). */
  ip: { method: "GET", path: "/ip", access: { public: true }, responses: { 200: ZIpResponseSchema } },
});
