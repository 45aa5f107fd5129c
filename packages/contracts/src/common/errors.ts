import { z } from "zod";
import { zText } from "./text";

/** Machine-readable error codes of the one error shape every endpoint answers with. */
export const ERROR_CODES = [
  "BAD_REQUEST",
  "VALIDATION",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "INTERNAL",
  // the database (or another service the Hub needs) cannot be reached right now: 503, try again
  "UNAVAILABLE",
  // identity outcomes, named as the user-pool service names them
  "NotAuthorizedException",
  "UserNotConfirmedException",
  "UsernameExistsException",
  "AliasExistsException",
  "CodeMismatchException",
  "ExpiredCodeException",
  "InvalidPasswordException",
  "InvalidParameterException",
  "LimitExceededException",
  "UserNotFoundException",
] as const;
export const ZErrorCodeSchema = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCodeSchema>;

/** `{ error: CODE, message, fields?: { name: message } }` */
export const ZErrorResponseSchema = z
  .object({
    error: ZErrorCodeSchema,
    message: zText(),
    fields: z.record(zText(), zText()).optional(),
  })
  .meta({ id: "ErrorResponse" });
export type TErrorResponse = z.infer<typeof ZErrorResponseSchema>;
