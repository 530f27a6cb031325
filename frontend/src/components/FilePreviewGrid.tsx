import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, Typography } from '@mui/material';
import { useEffect, useMemo, type ReactNode } from 'react';

/** An object URL for each file's thumbnail, revoked when the file leaves the list. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(
    () => files.map((file) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '')),
    [files],
  );
  useEffect(
    () => () => {
      for (const url of urls) if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

interface FilePreviewGridProps {
  files: File[];
  /** Names the list for screen readers ('Selected images'). */
  label: string;
  onRemove: (position: number) => void;
  disabled?: boolean;
  /** Small fixed tiles in a row, or a responsive grid with a caption under each tile. */
  size?: 'small' | 'large';
  /** Under the file name in large tiles (for example its size). */
  caption?: (file: File) => ReactNode;
}

const removeButtonSx = { position: 'absolute', p: 0.25, bgcolor: 'rgba(0,0,0,0.55)', color: 'common.white', '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } } as const;

/** The chosen files of a drop zone as thumbnails, each with a remove button. */
export function FilePreviewGrid({ files, label, onRemove, disabled, size = 'small', caption }: FilePreviewGridProps) {
  const previews = usePreviews(files);
  if (files.length === 0) return null;
  const large = size === 'large';
  return (
    <Box
      role="list"
      aria-label={label}
      sx={
        large
          ? { display: 'grid', gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(5, 1fr)' }, gap: 1.5, mt: 1.5 }
          : { display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }
      }
    >
      {files.map((file, position) => (
        <Box
          role="listitem"
          aria-label={file.name}
          key={`${file.name}-${file.size}-${file.lastModified}-${position}`}
          sx={{ position: 'relative', borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', ...(large ? {} : { width: 72, height: 72 }) }}
        >
          <Box sx={{ aspectRatio: '1 / 1', height: large ? undefined : '100%', bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            {previews[position] ? (
              <Box component="img" src={previews[position]} alt={file.name} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            ) : (
              <Typography variant="caption" sx={{ p: 0.5, overflowWrap: 'anywhere' }}>
                {file.name}
              </Typography>
            )}
          </Box>
          {large && (
            <Box sx={{ px: 1, py: 0.5 }}>
              <Typography variant="caption" noWrap component="p" title={file.name}>
                {file.name}
              </Typography>
              {caption?.(file)}
            </Box>
          )}
          <IconButton
            aria-label={`Remove ${file.name}`}
            size="small"
            disabled={disabled}
            onClick={() => onRemove(position)}
            sx={{ ...removeButtonSx, top: large ? 4 : 2, right: large ? 4 : 2 }}
          >
            <CloseIcon sx={{ fontSize: large ? 16 : 14 }} />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}
