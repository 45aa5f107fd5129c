import { zodResolver } from "@hookform/resolvers/zod";
import { MESSAGES, ZNewPasswordSchema } from "@hub/contracts";
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { ApiError } from "../../lib/api-error";
import { identityClient } from "../../lib/identity-client";
import { usePageTitle } from "../../lib/page-title";
import { AuthLayout } from "./auth-layout";
import type { LoginLocationState } from "./login-page";
import { NewPasswordFields } from "./new-password-fields";

const ZFormSchema = z
  .object({ newPassword: ZNewPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });
type TForm = z.infer<typeof ZFormSchema>;

type Carried = { username?: string; temporaryPassword?: string };

/** The new-password challenge of an account created with a temporary password. */
export default function NewPasswordPage() {
  usePageTitle("Set a new password");
  const navigate = useNavigate();
  const carried = (useLocation().state ?? {}) as Carried;
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TForm>({
    resolver: zodResolver(ZFormSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const newPassword = form.watch("newPassword");

  if (!carried.username || !carried.temporaryPassword) return <Navigate to="/auth/login" replace />;
  const { username, temporaryPassword } = carried;

  const onSubmit = async (values: TForm) => {
    setError(null);
    try {
      const tokens = await identityClient.completeNewPassword(username, temporaryPassword, values.newPassword);
      // The person signs in again with the new password; this session is not kept.
      await identityClient.signOut(tokens.refreshToken).catch(() => undefined);
      const state: LoginLocationState = { newPasswordSuccess: true, username };
      navigate("/auth/login", { state, replace: true });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : MESSAGES.tryAgain);
    }
  };

  const { errors, isSubmitting } = form.formState;
  return (
    <AuthLayout title="Set a new password">
      <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <Stack spacing={2.5}>
          <Typography sx={{ color: "text.secondary" }}>
            {`Welcome, ${username}. Your account was created with a temporary password. Choose your own to continue.`}
          </Typography>
          <NewPasswordFields register={form.register} errors={errors} value={newPassword} autoFocus />
          {error ? <Alert severity="error">{error}</Alert> : null}
          <Button type="submit" size="large" variant="contained" loading={isSubmitting}>
            Set password
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
