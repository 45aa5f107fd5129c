import {
  type TConfirmSetup,
  TECH_PACK_TAB_LABELS,
  type TTechPackTab,
} from "@hub/contracts/products/tech-pack/tech-pack";
import CheckCircle from "@mui/icons-material/CheckCircle";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import { Alert, Button, List, ListItem, ListItemIcon, ListItemText } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { messageOf } from "../../../lib/api-error";

/** What the tech pack's read-only tabs share: a failed load and the Confirm setup checklist. */
export const Failed = ({ error }: { error: unknown }) => <Alert severity="error">{messageOf(error)}</Alert>;

export function Checklist({ checklist }: { checklist: TConfirmSetup }) {
  return (
    <List dense aria-label="Setup checklist">
      {checklist.items.map((i) => (
        <ListItem
          key={i.key}
          secondaryAction={
            i.done ? null : (
              <Button component={RouterLink} to={`../${i.tab}`} size="small">
                Open {TECH_PACK_TAB_LABELS[i.tab as TTechPackTab] ?? i.tab}
              </Button>
            )
          }
        >
          <ListItemIcon>
            {i.done ? <CheckCircle color="success" /> : <RadioButtonUnchecked color="warning" />}
          </ListItemIcon>
          <ListItemText primary={i.label} secondary={i.done ? "Done" : "Missing"} />
        </ListItem>
      ))}
    </List>
  );
}

/** summary: what a factory reads first. */
