import { NativeSelect } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { zDisposition } from '../../../../generated/zod.gen.ts';
import { dispositionLabels } from '../labels.ts';

export interface DispositionSelectProps<Values extends FieldValues, Output extends FieldValues> {
  readonly control: Control<Values, unknown, Output>;
  readonly name: Path<Values>;
  readonly label: string;
}

export function DispositionSelect<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  label,
}: DispositionSelectProps<Values, Output>) {
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
          data={[
            { value: '', label: 'Choose…' },
            ...zDisposition.options.map((value) => ({ value, label: dispositionLabels[value] })),
          ]}
        />
      )}
    />
  );
}
