import { zDisposition } from '../../../../generated/zod.gen.ts';
import { dispositionLabels } from '../labels.ts';

/** What should happen to the patient, as the consultation and the closing of a case ask it. */
export const DISPOSITION_OPTIONS = zDisposition.options.map((value) => ({
  value,
  label: dispositionLabels[value],
}));
