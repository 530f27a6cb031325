import { Button, type ButtonProps } from '@mui/material';

export type ToastActionProps = ButtonProps & {
  /** How a screen reader user reaches the action otherwise (the toast layer announces it). */
  altText: string;
};

/**
 * The optional button of a toast, given as `toast({ action: <ToastAction altText=...>...</ToastAction> })`.
 * The toast layer makes it the toast's action (closing the toast when pressed); it stays a plain
 * button here so that raising a toast does not load the layer.
 */
export function ToastAction({ altText: _altText, ...props }: ToastActionProps) {
  return <Button size="small" variant="outlined" color="inherit" sx={{ flexShrink: 0 }} {...props} />;
}
