import { MESSAGES } from "../common/messages";

/** Login form of the spec (section 3): what the login screen holds. */
export type TLoginForm = { username: string; password: string; confirmCode: string; isCodeConfirm: boolean };

/**
 * Spec 5's login validation, run on submit. Plain code rather than a zod schema: the login page
 * is the first thing anyone loads and a validation library would double its weight. The server
 * checks the same rules with ZSignInRequestSchema / ZConfirmSignUpRequestSchema.
 */
export const validateLoginForm = (values: TLoginForm): Partial<Record<keyof TLoginForm, string>> => {
  const errors: Partial<Record<keyof TLoginForm, string>> = {};
  if (values.username.trim().length === 0) errors.username = MESSAGES.usernameRequired;
  if (values.password.length === 0) errors.password = MESSAGES.passwordRequired;
  if (values.isCodeConfirm && values.confirmCode.trim().length === 0) errors.confirmCode = MESSAGES.confirmCodeRequired;
  return errors;
};
