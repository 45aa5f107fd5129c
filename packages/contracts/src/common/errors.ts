import { z } from "zod";

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
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: "ErrorResponse" });
export type TErrorResponse = z.infer<typeof ZErrorResponseSchema>;

/** Texts the spec fixes word for word (sections 2.1, 5, 8). */
export const MESSAGES = {
  somethingWentWrong: "Something went wrong",
  usernameRequired: "Username is required",
  passwordRequired: "Please enter your password",
  confirmCodeRequired: "Please enter your confirmation code",
  incorrectCredentials: "Username or password is incorrect.",
  tryAgain: "An error occurred. Please try again.",
  codeResent: "Code was resent!",
  confirmIntro: "Let's finish confirming your email",
  confirmSentTo: (destination: string) => `A confirmation code was sent to ${destination}`,
  confirmEnterBelow: "Please enter the code below",
  resetSuccess: "Reset was successful! Please sign in with your new password.",
  newPasswordSuccess: "Success! Please sign in with your new password.",
  notAuthenticated: "User is not authenticated",
  comingSoonTitle: "Coming Soon",
  comingSoonText: "Something Exciting Is On Its Way!",
} as const;
