// A required native select bound to a react-hook-form field, e.g. a case's specialty or a patient's sex.
import { NativeSelect } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { requiredField } from './required-field.ts';

export interface SelectFieldProps<Values extends FieldValues, Output extends FieldValues> {
  readonly control: Control<Values, unknown, Output>;
  readonly name: Path<Values>;
  readonly label: string;
  /** The empty first choice, e.g. `Choose…`. */
  readonly placeholder: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
}

export function SelectField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  options,
}: SelectFieldProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NativeSelect
          ref={field.ref}
          name={field.name}
          label={label}
          {...requiredField}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(event) => {
            field.onChange(event.currentTarget.value);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          data={[{ value: '', label: placeholder }, ...options]}
        />
      )}
    />
  );
}
