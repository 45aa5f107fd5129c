import type { TFmEntry, TFmFolder } from "@hub/contracts/file-manager/file-manager";
import Folder from "@mui/icons-material/Folder";
import Home from "@mui/icons-material/Home";
import { List, ListItemButton, ListItemIcon, ListItemText } from "@mui/material";
import { flattenTree } from "./dialogs";
import { dropTarget } from "./drag";

/** The team's folders as an indented list: a click opens one, a row dropped on one moves there. */
export function FolderTree({
  folders,
  current,
  onOpen,
  onDropEntry,
}: {
  folders: TFmFolder[];
  current: number | null;
  onOpen: (folderId: number | null) => void;
  onDropEntry: (entry: Pick<TFmEntry, "kind" | "id">, folderId: number | null) => void;
}) {
  return (
    <List dense aria-label="Folders" sx={{ py: 0 }}>
      <ListItemButton
        selected={current === null}
        onClick={() => onOpen(null)}
        {...dropTarget((e) => onDropEntry(e, null))}
      >
        <ListItemIcon sx={{ minWidth: 32 }}>
          <Home fontSize="small" />
        </ListItemIcon>
        <ListItemText primary="All files" />
      </ListItemButton>
      {flattenTree(folders).map(({ folder, depth }) => (
        <ListItemButton
          key={folder.id}
          selected={current === folder.id}
          sx={{ pl: 2 + depth * 2 }}
          onClick={() => onOpen(folder.id)}
          {...dropTarget((e) => onDropEntry(e, folder.id))}
        >
          <ListItemIcon sx={{ minWidth: 32 }}>
            <Folder fontSize="small" color="primary" />
          </ListItemIcon>
          <ListItemText primary={folder.name} slotProps={{ primary: { noWrap: true } }} />
        </ListItemButton>
      ))}
    </List>
  );
}
