// A user's specialties and phone, as adding and editing a user ask for them: the specialties (the hospital
// system's, searchable, at least one) only for a specialist, then the phone. Each form names the two fields
// as its payload does, so that the server's field problems land on them; its schema refuses a specialist
// without a specialty with `userTexts.chooseSpecialty`.
import { MultiSelect, TextInput } from '@mantine/core';
import {
  Controller,
  type FieldPathByValue,
  type FieldValues,
  type UseFormReturn,
  useFormState,
} from 'react-hook-form';
import { useSpecialtyNames } from './use-specialty-names.ts';

export interface SpecialtiesAndPhoneFieldsProps<Values extends FieldValues, Output extends FieldValues> {
  readonly form: UseFormReturn<Values, unknown, Output>;
  /** Whether the user is (or is to be) a specialist: only a specialist covers specialties. */
  readonly specialist: boolean;
  readonly specialtiesName: FieldPathByValue<Values, string[]>;
  readonly phoneName: FieldPathByValue<Values, string>;
  /** The phone input's autocomplete, e.g. `off` when an administrator types someone else's number. */
  readonly phoneAutoComplete?: string;
}

export function SpecialtiesAndPhoneFields<Values extends FieldValues, Output extends FieldValues>({
  form,
  specialist,
  specialtiesName,
  phoneName,
  phoneAutoComplete,
}: SpecialtiesAndPhoneFieldsProps<Values, Output>) {
  const specialtyNames = useSpecialtyNames();
  const formState = useFormState({ control: form.control, name: phoneName });
  const phoneError = form.getFieldState(phoneName, formState).error?.message;
  return (
    <>
      {specialist && (
        <Controller
          control={form.control}
          name={specialtiesName}
          render={({ field, fieldState }) => (
            <MultiSelect
              ref={field.ref}
              label="Specialties"
              withAsterisk
              data={specialtyNames}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              searchable
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      <TextInput
        {...form.register(phoneName)}
        type="tel"
        label="Phone"
        maxLength={40}
        {...(phoneAutoComplete === undefined ? {} : { autoComplete: phoneAutoComplete })}
        error={phoneError}
      />
    </>
  );
}
