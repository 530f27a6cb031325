import type { SxProps, Theme } from '@mui/material/styles';

/** The dashed drop area every react-dropzone root in the app uses; it highlights while a drag is over it. */
export function dropZoneSx({ active, disabled, padding = 3 }: { active: boolean; disabled?: boolean; padding?: number }): SxProps<Theme> {
  return {
    p: padding,
    border: 2,
    borderStyle: 'dashed',
    borderColor: active ? 'primary.main' : 'divider',
    borderRadius: 1,
    bgcolor: active ? 'action.hover' : 'transparent',
    textAlign: 'center',
    cursor: disabled ? 'default' : 'pointer',
    outline: 'none',
    '&:focus-visible': { borderColor: 'primary.main' },
  };
}
