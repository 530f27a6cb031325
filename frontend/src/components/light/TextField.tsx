import { Box, type SxProps, type Theme } from '@mui/material';
import { useEffect, useId, useRef, type Ref } from 'react';

export interface LightTextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  /** The validation message; shown instead of the helper text. */
  error?: string;
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
}

const easing = 'cubic-bezier(0.0, 0, 0.2, 1)';
const shrunk = '& input:focus ~ label, & input:not(:placeholder-shown) ~ label, & input:autofill ~ label';
const notched = '& input:focus ~ fieldset > legend, & input:not(:placeholder-shown) ~ fieldset > legend, & input:autofill ~ fieldset > legend';

const fieldSx = (error: boolean): SxProps<Theme> => ({
  position: 'relative',
  display: 'flex',
  borderRadius: 1,
  typography: 'body1',
  lineHeight: '1.4375em',
  color: 'text.primary',
  '& input': {
    font: 'inherit',
    letterSpacing: 'inherit',
    color: 'currentColor',
    p: '16.5px 14px',
    border: 0,
    boxSizing: 'content-box',
    background: 'none',
    height: '1.4375em',
    m: 0,
    display: 'block',
    minWidth: 0,
    width: '100%',
    outline: 0,
    borderRadius: 'inherit',
  },
  '& label': {
    position: 'absolute',
    left: 0,
    top: 0,
    zIndex: 1,
    transformOrigin: 'top left',
    transform: 'translate(14px, 16px) scale(1)',
    maxWidth: 'calc(100% - 24px)',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    pointerEvents: 'none',
    color: error ? 'error.main' : 'text.secondary',
    transition: `color 200ms ${easing}, transform 200ms ${easing}, max-width 200ms ${easing}`,
  },
  [shrunk]: { transform: 'translate(14px, -9px) scale(0.75)', maxWidth: 'calc(133% - 32px)', userSelect: 'none' },
  '& fieldset': {
    textAlign: 'left',
    position: 'absolute',
    inset: '-5px 0 0 0',
    m: 0,
    px: 1,
    py: 0,
    pointerEvents: 'none',
    borderRadius: 'inherit',
    borderStyle: 'solid',
    borderWidth: 1,
    overflow: 'hidden',
    minWidth: '0%',
    borderColor: error ? 'error.main' : 'rgba(var(--mui-palette-common-onBackgroundChannel) / 0.23)',
  },
  '& legend': {
    float: 'unset',
    width: 'auto',
    overflow: 'hidden',
    display: 'block',
    p: 0,
    height: 11,
    fontSize: '0.75em',
    visibility: 'hidden',
    maxWidth: '0.01px',
    whiteSpace: 'nowrap',
    transition: `max-width 50ms ${easing} 0ms`,
    '& > span': { px: '5px', display: 'inline-block', opacity: 0, visibility: 'visible' },
  },
  [notched]: { maxWidth: '100%', transition: `max-width 100ms ${easing} 50ms` },
  '&:hover input:not(:focus) ~ fieldset': error ? {} : { borderColor: 'text.primary' },
  '& input:focus ~ fieldset': { borderColor: error ? 'error.main' : 'primary.main', borderWidth: 2 },
  '& input:focus ~ label': { color: error ? 'error.main' : 'primary.main' },
});

/**
 * MUI's outlined TextField drawn with plain elements: the label floats and the outline opens by CSS
 * alone, so the field looks right before the page's script runs. A value typed before the page
 * hydrated is taken over when it does.
 */
export function LightTextField({ label, name, value, onChange, type = 'text', autoComplete, error, helperText, inputRef }: LightTextFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const helper = error ?? helperText;

  useEffect(() => {
    // On a pre-rendered page the visitor (or the browser's autofill) may have typed already.
    const typed = input.current?.value;
    if (typed && typed !== value) onChange(typed);
    // Only the value found at hydration: later ones come through onChange.
  }, []);

  const setRef = (element: HTMLInputElement | null) => {
    input.current = element;
    if (typeof inputRef === 'function') inputRef(element);
    else if (inputRef) inputRef.current = element;
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, width: '100%' }}>
      <Box sx={fieldSx(!!error)}>
        <input
          ref={setRef}
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          // A blank placeholder lets CSS tell an empty field (:placeholder-shown) from a filled one.
          placeholder=" "
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={!!error}
          aria-describedby={helper ? `${id}-helper-text` : undefined}
        />
        <label htmlFor={id}>{label}</label>
        <fieldset aria-hidden="true">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </Box>
      {helper && (
        <Box
          component="p"
          id={`${id}-helper-text`}
          sx={{ typography: 'caption', color: error ? 'error.main' : 'text.secondary', textAlign: 'left', m: '3px 14px 0' }}
        >
          {helper}
        </Box>
      )}
    </Box>
  );
}
