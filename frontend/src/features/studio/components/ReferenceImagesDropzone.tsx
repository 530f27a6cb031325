import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Box, Stack, Typography } from '@mui/material';
import {
  GENERATION_MESSAGES,
  REFERENCE_IMAGE_MAX_BYTES,
  REFERENCE_IMAGES_MAX_COUNT,
} from '@brandloom/contracts';
import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { toast } from '../../../lib/toast';
import { useT } from '../../../lib/i18n/translate';
import { dropZoneSx } from '../../../components/dropZoneSx';
import { FilePreviewGrid } from '../../../components/FilePreviewGrid';

/** PNG or JPG; react-dropzone checks the type and the extension. */
const ACCEPT = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] };

interface ReferenceImagesDropzoneProps {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

function rejectionMessages(rejections: FileRejection[]): string[] {
  return rejections.map(({ file, errors }) => `${file.name}: ${errors.map((e) => e.message).join(', ')}`);
}

/**
 * Reference images are PNG or JPG, at most 10 MB each and at most 4. Files beyond the
 * fourth are dropped with the toast 'Maximum images reached' / 'You can only upload up to 4
 * reference images'; other refusals use react-dropzone's messages ('File type must be …',
 * 'File is larger than N bytes').
 */
export function ReferenceImagesDropzone({ files, onChange, disabled }: ReferenceImagesDropzoneProps) {
  const t = useT();
  const [errors, setErrors] = useState<string[]>([]);
  const full = files.length >= REFERENCE_IMAGES_MAX_COUNT;

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPT,
    maxSize: REFERENCE_IMAGE_MAX_BYTES,
    multiple: true,
    disabled,
    onDrop: (accepted, rejections) => {
      const room = REFERENCE_IMAGES_MAX_COUNT - files.length;
      const tooMany = accepted.length > room || rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'));
      if (tooMany) {
        toast({ title: GENERATION_MESSAGES.referenceImagesTooManyTitle, description: GENERATION_MESSAGES.referenceImagesTooMany, variant: 'destructive' });
      }
      const added = accepted.slice(0, Math.max(0, room));
      if (added.length) onChange([...files, ...added]);
      setErrors(rejectionMessages(rejections.filter((r) => r.errors.some((e) => e.code !== 'too-many-files'))));
    },
  });

  return (
    <Box>
      <Typography component="label" variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 500 }} htmlFor="reference-images-input">
        {t('studio.reference.label')}
      </Typography>
      <Box
        {...getRootProps()}
        data-testid="reference-images-dropzone"
        sx={dropZoneSx({ active: isDragActive, disabled, padding: 2 })}
      >
        <input {...getInputProps({ id: 'reference-images-input' })} data-testid="reference-images-input" />
        <CloudUploadOutlinedIcon color="action" />
        <Typography variant="body2">
          {isDragActive ? t('studio.reference.drop') : t('studio.reference.dragOrClick')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('studio.reference.limits', { max: REFERENCE_IMAGES_MAX_COUNT })}
          {full ? t('studio.reference.full') : ''}
        </Typography>
      </Box>
      {errors.length > 0 && (
        <Stack component="ul" sx={{ m: 0, mt: 1, pl: 2 }} data-testid="reference-images-errors">
          {errors.map((message) => (
            <Typography component="li" key={message} variant="caption" color="error">
              {message}
            </Typography>
          ))}
        </Stack>
      )}
      <FilePreviewGrid files={files} label={t('studio.reference.previews')} disabled={disabled} onRemove={(position) => onChange(files.filter((_, i) => i !== position))} />
    </Box>
  );
}
