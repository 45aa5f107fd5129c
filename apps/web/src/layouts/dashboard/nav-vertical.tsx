import type { TNavSection } from "@hub/contracts/nav/nav-tree";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import { Chip, Collapse, List, ListItemButton, ListItemText, ListSubheader } from "@mui/material";
import { useState } from "react";
import { NavLink, useLocation } from "react-router";

/** Sections as headings, their groups as collapsible lists, items as links (coming-soon marked). */
export function NavVertical({ sections, onNavigate }: { sections: TNavSection[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const [closed, setClosed] = useState<Record<string, boolean>>({});
  return (
    <List component="nav" aria-label="Main navigation" sx={{ px: 1.5, pb: 4 }} data-testid="nav-vertical">
      {sections.map((section) => (
        <li key={section.title}>
          <List disablePadding aria-label={section.title}>
            <ListSubheader
              disableSticky
              sx={{ bgcolor: "transparent", typography: "overline", lineHeight: 2.5, mt: 1.5, color: "text.disabled" }}
            >
              {section.title}
            </ListSubheader>
            {section.groups.map((group) => {
              const key = `${section.title}/${group.title}`;
              const open = !closed[key];
              return (
                <li key={key}>
                  <ListItemButton
                    dense
                    onClick={() => setClosed((c) => ({ ...c, [key]: open }))}
                    aria-expanded={open}
                    sx={{ borderRadius: 1 }}
                  >
                    <ListItemText
                      primary={group.title}
                      slotProps={{ primary: { variant: "body2", sx: { fontWeight: 600 } } }}
                    />
                    {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
                  </ListItemButton>
                  <Collapse in={open} unmountOnExit>
                    <List disablePadding>
                      {group.items.map((item) => (
                        <ListItemButton
                          key={item.path}
                          component={NavLink}
                          to={item.path}
                          onClick={onNavigate}
                          selected={pathname === item.path || pathname.startsWith(`${item.path}/`)}
                          sx={{ pl: 3, borderRadius: 1, "&.active": { color: "primary.main" } }}
                        >
                          <ListItemText primary={item.title} slotProps={{ primary: { variant: "body2" } }} />
                          {item.comingSoon ? (
                            <Chip label="Soon" size="small" variant="outlined" sx={{ height: 20, fontSize: 11 }} />
                          ) : null}
                        </ListItemButton>
                      ))}
                    </List>
                  </Collapse>
                </li>
              );
            })}
          </List>
        </li>
      ))}
    </List>
  );
}
