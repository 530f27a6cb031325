import type { BlogPostDto } from '@brandloom/contracts';
import { Alert, Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useT } from '../../lib/i18n/translate';
import { BlogUploadError, uploadBlogImage } from './uploadBlogImage';

/** The post's featured image: upload (images only; the server enforces the 10 MB), preview, remove. */
export function FeaturedImageInput() {
  const record = useRecordContext<BlogPostDto>();
  const { setValue } = useFormContext();
  const key = useWatch({ name: 'featured_image' }) as string | null | undefined;
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const t = useT();
  const shown = preview ?? (key && key === record?.featured_image ? record.featured_image_url : null);

  const upload = async (file: File) => {
    setError(null);
    setUploading(true);
    try {
      const answer = await uploadBlogImage(file);
      setValue('featured_image', answer.key ?? null, { shouldDirty: true });
      setPreview(answer.url ?? null);
    } catch (failure) {
      setError(failure instanceof BlogUploadError ? failure.message : t('admin.blog.uploadFailedBecause', { reason: (failure as Error).message }));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Box sx={{ width: '100%', my: 1 }}>
      <Typography variant="subtitle2" component="p" gutterBottom>
        {t('admin.blog.featuredImage')}
      </Typography>
      {shown && <Box component="img" src={shown} alt={t('admin.blog.featuredPreview')} sx={{ display: 'block', maxWidth: 320, width: '100%', borderRadius: 1, mb: 1 }} />}
      {key && !shown && (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {key}
        </Typography>
      )}
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" component="label" disabled={uploading} aria-describedby={hintId}>
          {t(uploading ? 'admin.blog.uploading' : key ? 'admin.blog.replaceImage' : 'admin.blog.uploadImage')}
          <input
            ref={input}
            hidden
            type="file"
            accept="image/*"
            data-testid="featured-image-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </Button>
        {key && (
          <Button
            color="inherit"
            onClick={() => {
              setValue('featured_image', null, { shouldDirty: true });
              setPreview(null);
            }}
          >
            {t('admin.blog.removeImage')}
          </Button>
        )}
      </Stack>
      <FormHelperText id={hintId}>{t('admin.blog.uploadHint')}</FormHelperText>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
