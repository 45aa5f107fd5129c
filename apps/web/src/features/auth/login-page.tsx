import { MESSAGES } from "@hub/contracts/common/messages";
import { type TLoginForm, validateLoginForm } from "@hub/contracts/identity/login-form";
import { Alert, Box, Button, Link, Stack, Typography } from "@mui/material";
import { lazy, Suspense, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { Link as RouterLink } from "react-router";
import { usePageTitle } from "../../components/guards";
import { TextInput } from "../../components/text-input";
import { ApiError } from "../../lib/api-error";
import { loginErrorMessage, NewPasswordRequired, useAuth } from "../../lib/auth/auth-context";
import { identityClient } from "../../lib/identity-client";
import { AuthLayout } from "./auth-layout";
import { PasswordField } from "./password-field";

const ResendTick = lazy(() => import("./resend-tick"));

/** react-hook-form resolver over the contract's login validation. */
const loginResolver: Resolver<TLoginForm> = async (values) => {
  const problems = validateLoginForm(values);
  const entries = Object.entries(problems);
  if (entries.length === 0) return { values, errors: {} };
  return { values: {}, errors: Object.fromEntries(entries.map(([name, message]) => [name, { type: "validate", message }])) };
};

export type LoginLocationState = { isResetSuccess?: boolean; newPasswordSuccess?: boolean; username?: string };

/**
 * The login screen of spec 2.1: username, password (hidden, with a toggle), Login with a loading
 * state, an error alert above the button; the code-confirmation mode for an unconfirmed user; the
 * success banners after reset-password and new-password.
 */
export default function LoginPage() {
  usePageTitle("Login");
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const arrived = (location.state ?? {}) as LoginLocationState;
  const [sendCodeDestination, setSendCodeDestination] = useState("");
  const [codeResendSuccess, setCodeResendSuccess] = useState(false);
  const [afterSubmit, setAfterSubmit] = useState<string | null>(null);
  // Spec 2.1: the button keeps its loading state after a successful sign-in (while the app moves on).
  const [signedIn, setSignedIn] = useState(false);
  const banner = arrived.isResetSuccess ? MESSAGES.resetSuccess : arrived.newPasswordSuccess ? MESSAGES.newPasswordSuccess : null;

  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TLoginForm>({
    resolver: loginResolver,
    defaultValues: { username: arrived.username ?? "", password: "", confirmCode: "", isCodeConfirm: false },
    mode: "onSubmit",
    reValidateMode: "onSubmit",
  });
  const isCodeConfirm = watch("isCodeConfirm");

  const switchToCodeConfirm = async (username: string) => {
    const delivery = await identityClient.resendConfirmationCode(username);
    setSendCodeDestination(delivery.destination);
    setValue("isCodeConfirm", true);
  };

  const onSubmit = async (values: TLoginForm) => {
    setAfterSubmit(null);
    try {
      if (values.isCodeConfirm) {
        await identityClient.confirmSignUp(values.username, values.confirmCode);
      }
      await login(values.username, values.password);
      setSignedIn(true);
    } catch (error) {
      if (error instanceof NewPasswordRequired) {
        navigate("/auth/new-password", { state: { username: error.username, temporaryPassword: error.temporaryPassword } });
        return;
      }
      if (error instanceof ApiError && error.code === "UserNotConfirmedException") {
        try {
          await switchToCodeConfirm(values.username);
        } catch (resendError) {
          setAfterSubmit(loginErrorMessage(resendError));
        }
        return;
      }
      if (error instanceof ApiError && (error.code === "CodeMismatchException" || error.code === "ExpiredCodeException")) {
        setAfterSubmit(error.message);
        return;
      }
      setAfterSubmit(loginErrorMessage(error));
    }
  };

  const resend = async () => {
    setCodeResendSuccess(false);
    try {
      const delivery = await identityClient.resendConfirmationCode(watch("username"));
      setSendCodeDestination(delivery.destination);
      setCodeResendSuccess(true);
    } catch {
      setAfterSubmit(MESSAGES.tryAgain);
    }
  };

  const loading = isSubmitting || (signedIn && !afterSubmit);

  return (
    <AuthLayout
      title={isCodeConfirm ? MESSAGES.confirmIntro : "Sign in to Hub"}
      subtitle={isCodeConfirm ? undefined : "Enter your username and password below."}
    >
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2.5}>
          {banner ? <Alert severity="success">{banner}</Alert> : null}
          {isCodeConfirm ? (
            <Box>
              <Typography>{MESSAGES.confirmSentTo(sendCodeDestination)}</Typography>
              <Typography sx={{ color: "text.secondary" }}>{MESSAGES.confirmEnterBelow}</Typography>
            </Box>
          ) : null}
          <TextInput
            label="Username"
            autoComplete="username"
            autoFocus={!isCodeConfirm}
            disabled={isCodeConfirm}
            error={Boolean(errors.username)}
            helperText={errors.username?.message}
            {...register("username")}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            disabled={isCodeConfirm}
            error={Boolean(errors.password)}
            helperText={errors.password?.message}
            {...register("password")}
          />
          {isCodeConfirm ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
              <TextInput
                label="Confirmation code"
                autoComplete="one-time-code"
                autoFocus
                inputProps={{ inputMode: "numeric", maxLength: 6 }}
                error={Boolean(errors.confirmCode)}
                helperText={errors.confirmCode?.message}
                {...register("confirmCode")}
              />
              <Button onClick={resend} sx={{ mt: 1, whiteSpace: "nowrap" }}>
                Resend code
              </Button>
              {codeResendSuccess ? (
                <Suspense fallback={null}>
                  <ResendTick />
                </Suspense>
              ) : null}
            </Stack>
          ) : null}
          {!banner && !isCodeConfirm ? (
            <Link component={RouterLink} to="/auth/reset-password" variant="body2" sx={{ alignSelf: "flex-end" }}>
              Forgot password?
            </Link>
          ) : null}
          {afterSubmit ? (
            <Alert severity="error" data-testid="login-error">
              {afterSubmit}
            </Alert>
          ) : null}
          <Button type="submit" size="large" variant="contained" loading={loading} fullWidth>
            Login
          </Button>
          {!banner ? (
            <Typography variant="body2" sx={{ textAlign: "center" }}>
              New to Hub?{" "}
              <Link component={RouterLink} to="/auth/register">
                Create an account
              </Link>
            </Typography>
          ) : null}
        </Stack>
      </Box>
    </AuthLayout>
  );
}
