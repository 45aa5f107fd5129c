import { PASSWORD_RULES } from "@hub/contracts/identity/password-rules";
import CheckCircle from "@mui/icons-material/CheckCircle";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import { List, ListItem, ListItemIcon, ListItemText } from "@mui/material";

/** The identity service's password policy, ticked off as the person types. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <List dense disablePadding aria-label="Password requirements" sx={{ mt: -1 }}>
      {PASSWORD_RULES.map((rule) => {
        const ok = rule.test(password);
        return (
          <ListItem key={rule.id} disableGutters sx={{ py: 0 }} data-rule={rule.id} data-met={ok}>
            <ListItemIcon sx={{ minWidth: 28 }}>
              {ok ? (
                <CheckCircle fontSize="small" color="success" />
              ) : (
                <RadioButtonUnchecked fontSize="small" color="disabled" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={rule.label}
              slotProps={{ primary: { variant: "caption", color: ok ? "success.main" : "text.secondary" } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
