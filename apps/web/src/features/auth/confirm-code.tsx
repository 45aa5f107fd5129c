import { MESSAGES } from "@hub/contracts/common/messages";
import { Box, Button, Typography } from "@mui/material";
import { forwardRef, lazy, Suspense, useState } from "react";
import { TextInput, type TextInputProps } from "../../components/text-input";
import { identityClient } from "../../lib/identity-client";

const ResendTick = lazy(() => import("./resend-tick"));

/**
 * Confirming a sign-up by the emailed code: where the code went, and `resend(username)`, which
 * sends it again (`resent` once it went; a failure is handed to `onError`).
 */
export const useConfirmCode = (onError: (message: string) => void) => {
  const [destination, setDestination] = useState("");
  const [resent, setResent] = useState(false);
  const resend = async (username: string) => {
    setResent(false);
    try {
      const delivery = await identityClient.resendConfirmationCode(username);
      setDestination(delivery.destination);
      setResent(true);
    } catch {
      onError(MESSAGES.tryAgain);
    }
  };
  return { destination, setDestination, resent, resend };
};

/** Where the code was sent, and what to do with it. */
export const CodeSentTo = ({ destination }: { destination: string }) => (
  <Box>
    <Typography>{MESSAGES.confirmSentTo(destination)}</Typography>
    <Typography sx={{ color: "text.secondary" }}>{MESSAGES.confirmEnterBelow}</Typography>
  </Box>
);

/** The six-digit confirmation code's field (the form binds it: value or register, error). */
export const ConfirmCodeInput = forwardRef<HTMLInputElement, Omit<TextInputProps, "label">>(
  function ConfirmCodeInput(props, ref) {
    return (
      <TextInput
        label="Confirmation code"
        autoComplete="one-time-code"
        autoFocus
        inputProps={{ inputMode: "numeric", maxLength: 6 }}
        {...props}
        ref={ref}
      />
    );
  },
);

/** "Resend code", with a tick once the code went again. */
export const ResendCodeButton = ({ onClick, resent }: { onClick: () => void; resent: boolean }) => (
  <>
    <Button onClick={onClick} sx={{ mt: 1, whiteSpace: "nowrap" }}>
      Resend code
    </Button>
    {resent ? (
      <Suspense fallback={null}>
        <ResendTick />
      </Suspense>
    ) : null}
  </>
);
