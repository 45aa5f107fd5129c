import Logout from "@mui/icons-material/Logout";
import { Avatar, Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Typography } from "@mui/material";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { useAuth } from "../../lib/auth/auth-context";

export function AccountMenu() {
  const { user, sessionClient, logout } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const initials = `${user.firstName.slice(0, 1)}${user.lastName.slice(0, 1)}`.toUpperCase();
  return (
    <>
      <IconButton aria-label="Account" aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <Avatar sx={{ width: 34, height: 34, bgcolor: "primary.main", fontSize: 14 }}>{initials}</Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <Box sx={{ px: 2, py: 1.5, minWidth: 220 }}>
          <Typography variant="subtitle2" data-testid="account-name">{`${user.firstName} ${user.lastName}`}</Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {user.email}
          </Typography>
          {sessionClient ? (
            <Typography variant="caption" sx={{ color: "text.secondary" }}>
              {sessionClient.clientName}
            </Typography>
          ) : null}
        </Box>
        <Divider />
        <MenuItem
          onClick={async () => {
            setAnchor(null);
            await logout();
            toast.info("You are signed out.");
            navigate("/auth/login", { replace: true });
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
