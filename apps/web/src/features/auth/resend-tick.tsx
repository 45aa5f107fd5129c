import { MESSAGES } from "@hub/contracts/common/messages";
import CheckCircle from "@mui/icons-material/CheckCircle";
import { Tooltip } from "@mui/material";

/** The tick shown after a code was resent, with the tooltip 'Code was resent!' (spec 2.1). */
export default function ResendTick() {
  return (
    <Tooltip title={MESSAGES.codeResent} open arrow placement="top">
      <CheckCircle color="success" sx={{ mt: 2 }} aria-label={MESSAGES.codeResent} />
    </Tooltip>
  );
}
