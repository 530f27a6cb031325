import { BLOG_SLUG_PATTERN, slugify } from '@brandloom/contracts';
import { useEffect, useRef } from 'react';
import { regex, required, TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useT } from '../../lib/i18n/translate';

/** The slug follows the title while it is empty or still the slug the title gave. */
export function SlugInput() {
  const { getValues, setValue, getFieldState } = useFormContext();
  const t = useT();
  const title = useWatch({ name: 'title' }) as string | undefined;
  const derived = useRef(slugify((getValues('title') as string | undefined) ?? ''));
  useEffect(() => {
    const next = slugify(title ?? '');
    const slug = (getValues('slug') as string | undefined) ?? '';
    // Checked again when it already shows an error, so a filled-in slug never keeps a stale 'Slug is required'.
    if (slug === '' || slug === derived.current) setValue('slug', next, { shouldDirty: true, shouldValidate: getFieldState('slug').invalid });
    derived.current = next;
  }, [title, getValues, setValue, getFieldState]);
  return (
    <TextInput
      source="slug"
      label={t('admin.blog.slug')}
      helperText={t('admin.blog.slugHint')}
      validate={[required(t('admin.blog.slugRequired')), regex(BLOG_SLUG_PATTERN, t('admin.blog.invalidSlug'))]}
      fullWidth
    />
  );
}
