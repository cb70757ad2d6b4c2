// A required native select bound to a react-hook-form field: the case forms' specialty, sex and disposition.
import { NativeSelect } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { zDisposition } from '../../../../generated/zod.gen.ts';
import { dispositionLabels } from '../labels.ts';

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
          withAsterisk
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

/** What should happen to the patient, as the consultation and the closing of a case ask it. */
export const DISPOSITION_OPTIONS = zDisposition.options.map((value) => ({
  value,
  label: dispositionLabels[value],
}));
