import { zodResolver } from "@hookform/resolvers/zod";
import { MESSAGES, ZConfirmForgotPasswordRequestSchema, ZForgotPasswordRequestSchema } from "@hub/contracts";
import { Alert, Box, Button, Link, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router";
import { z } from "zod";
import { TextInput } from "../../components/text-input";
import { ApiError } from "../../lib/api-error";
import { identityClient } from "../../lib/identity-client";
import { usePageTitle } from "../../lib/page-title";
import { AuthLayout } from "./auth-layout";
import type { LoginLocationState } from "./login-page";
import { NewPasswordFields } from "./new-password-fields";

const ZResetFormSchema = ZConfirmForgotPasswordRequestSchema.extend({ confirmPassword: z.string() }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { path: ["confirmPassword"], message: "The passwords do not match" },
);
type TResetForm = z.infer<typeof ZResetFormSchema>;

/** Reset a forgotten password: ask for a code by username, then set a new password with it. */
export default function ResetPasswordPage() {
  usePageTitle("Reset password");
  const navigate = useNavigate();
  const [destination, setDestination] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const askForm = useForm<{ username: string }>({
    resolver: zodResolver(ZForgotPasswordRequestSchema),
    defaultValues: { username: "" },
  });
  const resetForm = useForm<TResetForm>({
    resolver: zodResolver(ZResetFormSchema),
    defaultValues: { username: "", code: "", newPassword: "", confirmPassword: "" },
  });
  const newPassword = resetForm.watch("newPassword");

  const onAsk = async ({ username }: { username: string }) => {
    setError(null);
    try {
      const delivery = await identityClient.forgotPassword(username);
      resetForm.setValue("username", username);
      setDestination(delivery.destination);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : MESSAGES.tryAgain);
    }
  };

  const onReset = async (values: TResetForm) => {
    setError(null);
    try {
      await identityClient.confirmForgotPassword(values.username, values.code, values.newPassword);
      const state: LoginLocationState = { isResetSuccess: true, username: values.username };
      navigate("/auth/login", { state });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : MESSAGES.tryAgain);
    }
  };

  if (destination === null) {
    const { errors, isSubmitting } = askForm.formState;
    return (
      <AuthLayout
        title="Forgot your password?"
        subtitle="Enter your username and we will email you a code to reset it."
      >
        <Box component="form" noValidate onSubmit={askForm.handleSubmit(onAsk)}>
          <Stack spacing={2.5}>
            <TextInput
              label="Username"
              autoComplete="username"
              autoFocus
              error={Boolean(errors.username)}
              helperText={errors.username?.message}
              {...askForm.register("username")}
            />
            {error ? <Alert severity="error">{error}</Alert> : null}
            <Button type="submit" size="large" variant="contained" loading={isSubmitting}>
              Send code
            </Button>
            <Link component={RouterLink} to="/auth/login" variant="body2" sx={{ textAlign: "center" }}>
              Back to sign in
            </Link>
          </Stack>
        </Box>
      </AuthLayout>
    );
  }

  const { errors, isSubmitting } = resetForm.formState;
  return (
    <AuthLayout title="Choose a new password">
      <Box component="form" noValidate onSubmit={resetForm.handleSubmit(onReset)}>
        <Stack spacing={2.5}>
          <Typography>{`A code was sent to ${destination}. Enter it with your new password.`}</Typography>
          <TextInput
            label="Code"
            autoComplete="one-time-code"
            autoFocus
            inputProps={{ inputMode: "numeric", maxLength: 6 }}
            error={Boolean(errors.code)}
            helperText={errors.code?.message}
            {...resetForm.register("code")}
          />
          <NewPasswordFields register={resetForm.register} errors={errors} value={newPassword} />
          {error ? <Alert severity="error">{error}</Alert> : null}
          <Button type="submit" size="large" variant="contained" loading={isSubmitting}>
            Reset password
          </Button>
          <Button onClick={() => setDestination(null)}>Send a new code</Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
