import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Skeleton,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import type { Folder } from '../api/types';
import { LIBRARY_TEXT } from '../messages';
import { useT } from '../../../lib/i18n/translate';

interface FolderSidebarProps {
  folders: Folder[] | undefined;
  loading: boolean;
  failed: boolean;
  totalCount: number | undefined;
  selectedId: string | null;
  onSelect: (folderId: string | null) => void;
  onCreate: () => void;
  onRename: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
}

const countSx = { color: 'text.secondary', fontVariantNumeric: 'tabular-nums', minWidth: 24, textAlign: 'right' } as const;

/** Desktop: All Assets and the organization's folders with their counts; folders are created, renamed and deleted here. */
export function FolderSidebar({ folders, loading, failed, totalCount, selectedId, onSelect, onCreate, onRename, onDelete }: FolderSidebarProps) {
  const t = useT();
  const headingId = useId();
  return (
    <Card variant="outlined" component="nav" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1.5, pb: 0.5 }}>
        <Typography id={headingId} variant="subtitle1" component="h3">
          {t('library.folders')}
        </Typography>
        <Button size="small" startIcon={<CreateNewFolderOutlinedIcon />} onClick={onCreate}>
          {t('library.newFolder')}
        </Button>
      </Box>
      <List dense>
        <ListItem disablePadding secondaryAction={<Typography variant="body2" sx={countSx}>{totalCount ?? ''}</Typography>}>
          <ListItemButton selected={selectedId === null} aria-current={selectedId === null ? 'true' : undefined} onClick={() => onSelect(null)}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <PhotoLibraryOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={LIBRARY_TEXT.allAssets} />
          </ListItemButton>
        </ListItem>
        {loading &&
          [0, 1].map((index) => (
            <ListItem key={index}>
              <Skeleton variant="text" width="70%" />
            </ListItem>
          ))}
        {folders?.map((folder) => (
          <FolderItem
            key={folder.id}
            folder={folder}
            selected={selectedId === folder.id}
            onSelect={() => onSelect(folder.id)}
            onRename={() => onRename(folder)}
            onDelete={() => onDelete(folder)}
          />
        ))}
      </List>
      {failed && (
        <Alert severity="warning" sx={{ m: 1 }}>
          {t('library.foldersError')}
        </Alert>
      )}
      {folders?.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {t('library.noFolders')}
        </Typography>
      )}
    </Card>
  );
}

interface FolderItemProps {
  folder: Folder;
  selected: boolean;
  onSelect: () => void;
  onRename: () => void;
  onDelete: () => void;
}

function FolderItem({ folder, selected, onSelect, onRename, onDelete }: FolderItemProps) {
  const t = useT();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = (then: () => void) => () => {
    setMenuAnchor(null);
    then();
  };
  return (
    <ListItem
      disablePadding
      secondaryAction={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography variant="body2" sx={countSx}>
            {folder.asset_count}
          </Typography>
          <IconButton
            edge="end"
            size="small"
            aria-label={t('library.folderActions', { name: folder.name })}
            aria-haspopup="menu"
            aria-controls={menuAnchor ? menuId : undefined}
            aria-expanded={menuAnchor ? 'true' : undefined}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu id={menuId} anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
            <MenuItem onClick={close(onRename)}>{t('library.action.rename')}</MenuItem>
            <MenuItem onClick={close(onDelete)} sx={{ color: 'error.main' }}>
              {t('common.delete')}
            </MenuItem>
          </Menu>
        </Box>
      }
      sx={{ '& .MuiListItemButton-root': { pr: 10 } }}
    >
      <ListItemButton selected={selected} aria-current={selected ? 'true' : undefined} onClick={onSelect}>
        <ListItemIcon sx={{ minWidth: 36 }}>
          <FolderOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={folder.name} slotProps={{ primary: { noWrap: true, title: folder.name } }} />
      </ListItemButton>
    </ListItem>
  );
}
