import { MESSAGES } from "@hub/contracts/common/messages";
import { type TLoginForm, validateLoginForm } from "@hub/contracts/identity/login-form";
import { Box, Button, Stack, Typography } from "@mui/material";
import { type FormEvent, lazy, Suspense, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { TextInput } from "../../components/text-input";
import { TextLink } from "../../components/text-link";
import { ApiError } from "../../lib/api-error";
import { loginErrorMessage, NewPasswordRequired, useAuth } from "../../lib/auth/auth-context";
import { identityClient } from "../../lib/identity-client";
import { usePageTitle } from "../../lib/page-title";
import { AuthLayout } from "./auth-layout";
import { CodeSentTo, ConfirmCodeInput, ResendCodeButton, useConfirmCode } from "./confirm-code";
import { PasswordField } from "./password-field";

// Alerts show only after something happened (a banner, an error), so they load then.
const Alert = lazy(() => import("@mui/material/Alert"));

type LoginErrors = ReturnType<typeof validateLoginForm>;
const FIELD_ORDER = ["username", "password", "confirmCode"] as const;

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
  const [afterSubmit, setAfterSubmit] = useState<string | null>(null);
  const code = useConfirmCode(setAfterSubmit);
  // Spec 2.1: the button keeps its loading state after a successful sign-in (while the app moves on).
  const [signedIn, setSignedIn] = useState(false);
  const banner = arrived.isResetSuccess
    ? MESSAGES.resetSuccess
    : arrived.newPasswordSuccess
      ? MESSAGES.newPasswordSuccess
      : null;

  // Three fields validated on submit only (spec 5): plain state keeps a form library off the first page.
  const [values, setValues] = useState<TLoginForm>({
    username: arrived.username ?? "",
    password: "",
    confirmCode: "",
    isCodeConfirm: false,
  });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<(typeof FIELD_ORDER)[number], HTMLInputElement | null>>>({});
  const isCodeConfirm = values.isCodeConfirm;
  const field = (name: (typeof FIELD_ORDER)[number]) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  const setValue = (name: "isCodeConfirm", value: boolean) => setValues((v) => ({ ...v, [name]: value }));
  const handleSubmit = (submit: (v: TLoginForm) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const problems = validateLoginForm(values);
    setErrors(problems);
    const first = FIELD_ORDER.find((name) => problems[name]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await submit(values);
    } finally {
      setSubmitting(false);
    }
  };

  const switchToCodeConfirm = async (username: string) => {
    const delivery = await identityClient.resendConfirmationCode(username);
    code.setDestination(delivery.destination);
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
        navigate("/auth/new-password", {
          state: { username: error.username, temporaryPassword: error.temporaryPassword },
        });
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
      if (
        error instanceof ApiError &&
        (error.code === "CodeMismatchException" || error.code === "ExpiredCodeException")
      ) {
        setAfterSubmit(error.message);
        return;
      }
      setAfterSubmit(loginErrorMessage(error));
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
          {banner ? (
            <Suspense fallback={<Typography role="status">{banner}</Typography>}>
              <Alert severity="success">{banner}</Alert>
            </Suspense>
          ) : null}
          {isCodeConfirm ? <CodeSentTo destination={code.destination} /> : null}
          <TextInput
            label="Username"
            autoComplete="username"
            autoFocus={!isCodeConfirm}
            disabled={isCodeConfirm}
            {...field("username")}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            disabled={isCodeConfirm}
            {...field("password")}
          />
          {isCodeConfirm ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
              <ConfirmCodeInput {...field("confirmCode")} />
              <ResendCodeButton onClick={() => void code.resend(values.username)} resent={code.resent} />
            </Stack>
          ) : null}
          {!banner && !isCodeConfirm ? (
            <TextLink to="/auth/reset-password" variant="body2" sx={{ alignSelf: "flex-end" }}>
              Forgot password?
            </TextLink>
          ) : null}
          {afterSubmit ? (
            <Suspense
              fallback={
                <Typography role="alert" data-testid="login-error" sx={{ color: "error.main" }}>
                  {afterSubmit}
                </Typography>
              }
            >
              <Alert severity="error" data-testid="login-error">
                {afterSubmit}
              </Alert>
            </Suspense>
          ) : null}
          <Button type="submit" size="large" variant="contained" loading={loading} fullWidth>
            Login
          </Button>
          {!banner ? (
            <Typography variant="body2" sx={{ textAlign: "center" }}>
              New to Hub? <TextLink to="/auth/register">Create an account</TextLink>
            </Typography>
          ) : null}
        </Stack>
      </Box>
    </AuthLayout>
  );
}
