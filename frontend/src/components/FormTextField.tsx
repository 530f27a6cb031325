import { TextField, type TextFieldProps } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name'> & {
  control: Control<T>;
  name: Path<T>;
};

/** An MUI TextField bound to a react-hook-form field; shows the field's validation message. */
export function FormTextField<T extends FieldValues>({ control, name, helperText, ...props }: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field }, fieldState: { error } }) => (
        <TextField {...props} {...field} inputRef={ref} error={!!error} helperText={error?.message ?? helperText} />
      )}
    />
  );
}
