import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Box, Grid, IconButton, Typography } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { useDropzone } from 'react-dropzone';
import { addBrandAssets, type BrandAssetIssue } from '../brandAssets';
import { BRAND_IMAGES_MAX_COUNT } from '../constants';
import { formatFileSize } from '../format';
import { dropZoneSx } from '../../../components/dropZoneSx';

interface BrandAssetsDropzoneProps {
  files: File[];
  onChange: (files: File[]) => void;
  onIssues: (issues: BrandAssetIssue[]) => void;
  disabled?: boolean;
}

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

/**
 * Spec §2 'Upload brand assets': an image picker (click or drop) and the grid of chosen images with
 * each one's size and a remove button. Spec §5's rules are applied as files are added.
 */
export function BrandAssetsDropzone({ files, onChange, onIssues, disabled }: BrandAssetsDropzoneProps) {
  const previews = usePreviews(files);
  const full = files.length >= BRAND_IMAGES_MAX_COUNT;
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'image/*': [] },
    multiple: true,
    disabled,
    onDrop: (accepted, rejections) => {
      const result = addBrandAssets(files, accepted, rejections);
      if (result.files.length !== files.length) onChange(result.files);
      onIssues(result.issues);
    },
  });

  return (
    <Box>
      <Box
        {...getRootProps()}
        data-testid="brand-assets-dropzone"
        sx={dropZoneSx({ active: isDragActive, disabled })}
      >
        <input {...getInputProps({ id: 'brand-assets-input' })} data-testid="brand-assets-input" aria-label="Brand images" />
        <CloudUploadOutlinedIcon color="action" fontSize="large" />
        <Typography variant="body2">{isDragActive ? 'Drop the images here' : 'Drag and drop images here, or click to select'}</Typography>
        <Typography variant="caption" color="text.secondary">
          Logos, style guides, product shots: 3 to {BRAND_IMAGES_MAX_COUNT} images, 10 MB in total
          {full ? ' (maximum reached)' : ''}
        </Typography>
      </Box>
      {files.length > 0 && (
        <Grid container spacing={1.5} sx={{ mt: 1.5 }} role="list" aria-label="Selected images">
          {files.map((file, position) => (
            <Grid key={`${file.name}-${file.size}-${file.lastModified}`} size={{ xs: 4, sm: 2.4 }} role="listitem" aria-label={file.name}>
              <Box sx={{ position: 'relative', borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
                <Box sx={{ aspectRatio: '1 / 1', bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                  {previews[position] ? (
                    <Box component="img" src={previews[position]} alt={file.name} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                  ) : (
                    <Typography variant="caption" sx={{ p: 1, overflowWrap: 'anywhere' }}>
                      {file.name}
                    </Typography>
                  )}
                </Box>
                <Box sx={{ px: 1, py: 0.5 }}>
                  <Typography variant="caption" noWrap component="p" title={file.name}>
                    {file.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p" data-testid="brand-asset-size">
                    {formatFileSize(file.size)}
                  </Typography>
                </Box>
                <IconButton
                  aria-label={`Remove ${file.name}`}
                  size="small"
                  disabled={disabled}
                  onClick={() => onChange(files.filter((_, i) => i !== position))}
                  sx={{ position: 'absolute', top: 4, right: 4, p: 0.25, bgcolor: 'rgba(0,0,0,0.55)', color: 'common.white', '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } }}
                >
                  <CloseIcon sx={{ fontSize: 16 }} />
                </IconButton>
              </Box>
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
