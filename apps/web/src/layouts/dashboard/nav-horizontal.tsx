import type { TNavSection } from "@hub/contracts/nav/nav-tree";
import KeyboardArrowDown from "@mui/icons-material/KeyboardArrowDown";
import { Box, Button, Chip, ListSubheader, Menu, MenuItem } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink, useLocation } from "react-router";

/** One button per section; each opens a menu of its groups and items. */
export function NavHorizontal({ sections }: { sections: TNavSection[] }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState<{ title: string; anchor: HTMLElement } | null>(null);
  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      data-testid="nav-horizontal"
      sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, px: 2, py: 0.5 }}
    >
      {sections.map((section) => {
        const active = section.groups.some((g) =>
          g.items.some((i) => pathname === i.path || pathname.startsWith(`${i.path}/`)),
        );
        const isOpen = open?.title === section.title;
        return (
          <Box key={section.title}>
            <Button
              color={active ? "primary" : "inherit"}
              endIcon={<KeyboardArrowDown />}
              aria-haspopup="menu"
              aria-expanded={isOpen}
              onClick={(e) => setOpen({ title: section.title, anchor: e.currentTarget })}
              sx={{ fontWeight: active ? 700 : 500 }}
            >
              {section.title}
            </Button>
            <Menu anchorEl={isOpen ? open.anchor : null} open={isOpen} onClose={() => setOpen(null)}>
              {section.groups.flatMap((group) => [
                <ListSubheader key={`h-${group.title}`} sx={{ lineHeight: 2.5, typography: "overline" }}>
                  {group.title}
                </ListSubheader>,
                ...group.items.map((item) => (
                  <MenuItem
                    key={item.path}
                    component={RouterLink}
                    to={item.path}
                    selected={pathname === item.path}
                    onClick={() => setOpen(null)}
                    sx={{ minWidth: 220, gap: 1 }}
                  >
                    {item.title}
                    {item.comingSoon ? (
                      <Chip
                        label="Soon"
                        size="small"
                        variant="outlined"
                        sx={{ ml: "auto", height: 20, fontSize: 11 }}
                      />
                    ) : null}
                  </MenuItem>
                )),
              ])}
            </Menu>
          </Box>
        );
      })}
    </Box>
  );
}
