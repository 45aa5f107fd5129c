import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { PasswordChecklist } from "./password-checklist";
import { PasswordField } from "./password-field";

type NewPasswordValues = { newPassword: string; confirmPassword: string };

/** A new password with the pool's policy ticked off as it is typed, and its confirmation. */
export function NewPasswordFields<T extends NewPasswordValues>({
  register,
  errors,
  value,
  autoFocus,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<NewPasswordValues>;
  value: string;
  autoFocus?: boolean;
}) {
  const reg = register as unknown as UseFormRegister<NewPasswordValues>;
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        error={Boolean(errors.newPassword)}
        helperText={errors.newPassword?.message}
        {...reg("newPassword")}
      />
      <PasswordChecklist password={value} />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword?.message}
        {...reg("confirmPassword")}
      />
    </>
  );
}
