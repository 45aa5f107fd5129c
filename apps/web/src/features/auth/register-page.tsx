import { zodResolver } from "@hookform/resolvers/zod";
import { MESSAGES, type TPlan, type TSignUpRequest, ZSignUpRequestSchema } from "@hub/contracts";
import { clientAccountApi } from "@hub/contracts/client-account/api";
import { Alert, Box, Button, Link, Stack, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useSearchParams } from "react-router";
import { z } from "zod";
import { TextInput } from "../../components/text-input";
import { ApiError } from "../../lib/api-error";
import { loginErrorMessage, useAuth } from "../../lib/auth/auth-context";
import { callPublic } from "../../lib/call-public";
import { identityClient } from "../../lib/identity-client";
import { usePageTitle } from "../../lib/page-title";
import { AuthLayout } from "./auth-layout";
import { CodeSentTo, ConfirmCodeInput, ResendCodeButton, useConfirmCode } from "./confirm-code";
import { PasswordChecklist } from "./password-checklist";
import { PasswordField } from "./password-field";

/** Form fields the server may name in `fields`; others (a plan that is gone) show in the alert. */
const FORM_FIELDS = [
  "email",
  "firstName",
  "lastName",
  "username",
  "password",
  "brand.clientName",
  "brand.siteName",
] as const;
type TFormField = (typeof FORM_FIELDS)[number];
const isFormField = (name: string): name is TFormField => (FORM_FIELDS as readonly string[]).includes(name);

const SITE_NAME_HELP = "2 to 40 lowercase letters, digits and hyphens, e.g. acme-apparel";

/** `?plan=<subscriptionId>` from /auth/subscription: a brand signing up. */
const planIdFrom = (value: string | null): number | null => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

const ZCodeFormSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, MESSAGES.confirmCodeRequired)
    .regex(/^\d{6}$/, "The code is the 6 digits from the email"),
});

/**
 * Register with email, first and last name, username and password; then confirm the emailed code.
 * With `?plan=<subscriptionId>` (from /auth/subscription) a brand signs up: its name and site name
 * go along, and confirming creates the brand's client with the person as its admin.
 */
export default function RegisterPage() {
  usePageTitle("Register");
  const { login } = useAuth();
  const [params] = useSearchParams();
  const invitedEmail = params.get("email") ?? "";
  const clientName = params.get("clientName");
  const planId = planIdFrom(params.get("plan"));
  const [plan, setPlan] = useState<TPlan | null | undefined>(undefined);
  const [account, setAccount] = useState<TSignUpRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const code = useConfirmCode(setError);

  const form = useForm<TSignUpRequest>({
    resolver: zodResolver(ZSignUpRequestSchema),
    defaultValues: {
      email: invitedEmail,
      firstName: "",
      lastName: "",
      username: "",
      password: "",
      ...(planId !== null ? { brand: { clientName: "", siteName: "", subscriptionId: planId } } : {}),
    },
  });

  // The chosen plan, to show what the brand signs up for (null: no such plan).
  useEffect(() => {
    if (planId === null) return;
    let live = true;
    callPublic(clientAccountApi.plans)
      .then((body) => {
        if (live) setPlan(body.items.find((p) => p.subscriptionId === planId) ?? null);
      })
      .catch(() => {
        if (live) setPlan(null);
      });
    return () => {
      live = false;
    };
  }, [planId]);
  const codeForm = useForm<{ code: string }>({ resolver: zodResolver(ZCodeFormSchema), defaultValues: { code: "" } });
  const password = form.watch("password");

  const onRegister = async (values: TSignUpRequest) => {
    setError(null);
    try {
      const result = await identityClient.signUp(values);
      code.setDestination(result.codeDelivery.destination);
      setAccount(values);
    } catch (e) {
      if (e instanceof ApiError && e.fields) {
        for (const [name, message] of Object.entries(e.fields)) {
          if (isFormField(name)) form.setError(name, { message });
        }
      }
      setError(e instanceof ApiError ? e.message : MESSAGES.tryAgain);
    }
  };

  const onConfirm = async ({ code }: { code: string }) => {
    if (!account) return;
    setError(null);
    try {
      await identityClient.confirmSignUp(account.username, code);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : MESSAGES.tryAgain);
      return;
    }
    try {
      await login(account.username, account.password);
    } catch (e) {
      setError(loginErrorMessage(e));
    }
  };

  if (account) {
    return (
      <AuthLayout title={MESSAGES.confirmIntro}>
        <Box component="form" noValidate onSubmit={codeForm.handleSubmit(onConfirm)}>
          <Stack spacing={2.5}>
            <CodeSentTo destination={code.destination} />
            <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
              <ConfirmCodeInput
                error={Boolean(codeForm.formState.errors.code)}
                helperText={codeForm.formState.errors.code?.message}
                {...codeForm.register("code")}
              />
              <ResendCodeButton onClick={() => void code.resend(account.username)} resent={code.resent} />
            </Stack>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <Button type="submit" size="large" variant="contained" loading={codeForm.formState.isSubmitting}>
              Confirm and sign in
            </Button>
          </Stack>
        </Box>
      </AuthLayout>
    );
  }

  const { errors, isSubmitting } = form.formState;
  return (
    <AuthLayout
      title="Create your Hub account"
      subtitle={
        planId !== null
          ? "Register your brand: you become its admin."
          : clientName
            ? `You were invited to join ${clientName}.`
            : "Develop, make and ship your products in one place."
      }
    >
      <Box component="form" noValidate onSubmit={form.handleSubmit(onRegister)}>
        <Stack spacing={2.5}>
          {planId !== null ? (
            <>
              {plan === null ? (
                <Alert severity="warning">
                  That plan is not available.{" "}
                  <Link component={RouterLink} to="/auth/subscription">
                    Choose a plan
                  </Link>
                </Alert>
              ) : (
                <Alert severity="info" icon={false} data-testid="chosen-plan">
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {plan ? `${plan.name} plan` : "Your plan"}
                  </Typography>
                  {plan ? ` (level ${plan.level}, up to ${plan.nbrOfUsers} users)` : null}
                  {" · "}
                  <Link component={RouterLink} to="/auth/subscription">
                    Change plan
                  </Link>
                </Alert>
              )}
              <TextInput
                label="Brand name"
                autoComplete="organization"
                error={Boolean(errors.brand?.clientName)}
                helperText={errors.brand?.clientName?.message}
                {...form.register("brand.clientName")}
              />
              <TextInput
                label="Site name"
                autoComplete="off"
                error={Boolean(errors.brand?.siteName)}
                helperText={errors.brand?.siteName?.message ?? SITE_NAME_HELP}
                {...form.register("brand.siteName")}
              />
            </>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus={!invitedEmail}
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            {...form.register("email")}
          />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextInput
              label="First name"
              autoComplete="given-name"
              error={Boolean(errors.firstName)}
              helperText={errors.firstName?.message}
              {...form.register("firstName")}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              error={Boolean(errors.lastName)}
              helperText={errors.lastName?.message}
              {...form.register("lastName")}
            />
          </Stack>
          <TextInput
            label="Username"
            autoComplete="username"
            error={Boolean(errors.username)}
            helperText={errors.username?.message}
            {...form.register("username")}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            error={Boolean(errors.password)}
            helperText={errors.password?.message}
            {...form.register("password")}
          />
          <PasswordChecklist password={password} />
          {error ? <Alert severity="error">{error}</Alert> : null}
          <Button type="submit" size="large" variant="contained" loading={isSubmitting}>
            Register
          </Button>
          <Typography variant="caption" sx={{ color: "text.secondary", textAlign: "center" }}>
            By registering you agree to the{" "}
            <Link component={RouterLink} to="/terms-and-conditions">
              Terms and Conditions
            </Link>{" "}
            and the{" "}
            <Link component={RouterLink} to="/acceptable-use-policy">
              Acceptable Use Policy
            </Link>
            .
          </Typography>
          <Typography variant="body2" sx={{ textAlign: "center" }}>
            Already have an account?{" "}
            <Link component={RouterLink} to="/auth/login">
              Sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
