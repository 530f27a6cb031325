import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Box, Typography } from '@mui/material';
import { useDropzone } from 'react-dropzone';
import { addBrandAssets, type BrandAssetIssue } from '../brandAssets';
import { BRAND_IMAGES_MAX_COUNT, BRAND_IMAGES_MAX_TOTAL_BYTES, BRAND_IMAGES_MIN_COUNT } from '../constants';
import { formatFileSize } from '../../../lib/i18n/format';
import { dropZoneSx } from '../../../components/dropZoneSx';
import { FilePreviewGrid } from '../../../components/FilePreviewGrid';
import { useT } from '../../../lib/i18n/translate';

interface BrandAssetsDropzoneProps {
  files: File[];
  onChange: (files: File[]) => void;
  onIssues: (issues: BrandAssetIssue[]) => void;
  disabled?: boolean;
}

/**
 * 'Upload brand assets': an image picker (click or drop) and the grid of chosen images with
 * each one's size and a remove button. The brand asset rules are applied as files are added.
 */
export function BrandAssetsDropzone({ files, onChange, onIssues, disabled }: BrandAssetsDropzoneProps) {
  const t = useT();
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
        <input {...getInputProps({ id: 'brand-assets-input' })} data-testid="brand-assets-input" aria-label={t('brandBrain.extract.images')} />
        <CloudUploadOutlinedIcon color="action" fontSize="large" />
        <Typography variant="body2">{isDragActive ? t('brandBrain.extract.drop') : t('brandBrain.extract.dragOrClick')}</Typography>
        <Typography variant="caption" color="text.secondary">
          {t('brandBrain.extract.hint', { min: BRAND_IMAGES_MIN_COUNT, max: BRAND_IMAGES_MAX_COUNT, total: formatFileSize(BRAND_IMAGES_MAX_TOTAL_BYTES) })}
          {full ? t('brandBrain.extract.full') : ''}
        </Typography>
      </Box>
      <FilePreviewGrid
        files={files}
        label={t('brandBrain.extract.selected')}
        size="large"
        disabled={disabled}
        onRemove={(position) => onChange(files.filter((_, i) => i !== position))}
        caption={(file) => (
          <Typography variant="caption" color="text.secondary" component="p" data-testid="brand-asset-size">
            {formatFileSize(file.size)}
          </Typography>
        )}
      />
    </Box>
  );
}
