// One choice of a few, shown side by side (as `By day | By week`): native radio buttons in a labelled group,
// so the arrow keys move the choice and a screen reader announces a radio group. It stands in for Mantine's
// SegmentedControl, whose animated indicator costs a screen a few kilobytes more to download.
import { useId } from 'react';
import './choice-buttons.css';

export interface ChoiceButtonsProps<T extends string> {
  /** The group's accessible name. */
  readonly label: string;
  readonly value: T;
  readonly onChange: (value: T) => void;
  readonly options: readonly { readonly value: T; readonly label: string }[];
}

export function ChoiceButtons<T extends string>({ label, value, onChange, options }: ChoiceButtonsProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="choice-buttons">
      {options.map((option) => (
        <label key={option.value} className="choice-buttons-option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => {
              onChange(option.value);
            }}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
