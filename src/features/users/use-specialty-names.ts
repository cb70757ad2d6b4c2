// The names of the hospital system's specialties, for the specialties a specialist covers.
import { useQuery } from '@tanstack/react-query';
import { listSpecialtiesOptions } from '../../../generated/@tanstack/react-query.gen.ts';

export function useSpecialtyNames(): string[] {
  const specialties = useQuery(listSpecialtiesOptions());
  return (specialties.data?.items ?? []).map((specialty) => specialty.name);
}
