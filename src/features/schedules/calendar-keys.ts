// The calendar by keyboard: a focused shift moves with the arrow keys and is saved at once. In the week view
// up and down move it by half an hour and left and right by a day; in the month view left and right move it
// by a day and up and down by a week, as the grid reads. Enter opens the form (the button's own click).
import type { KeyboardEvent } from 'react';
import type { Shift } from '../../../generated/types.gen.ts';
import { movedByDays, movedByMinutes, type Span } from './week.ts';

export type CalendarView = 'week' | 'month';

export const SNAP_MINUTES = 30;

export const KEY_HINT: Record<CalendarView, string> = {
  week: 'Arrow up or down moves a shift by 30 minutes, left or right by a day; Enter opens it.',
  month: 'Arrow left or right moves a shift by a day, up or down by a week; Enter opens it.',
};

/** Where the arrow key pressed on a shift moves it, or null for any other key. */
export function keyMove(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
  shift: Pick<Shift, 'startsAt' | 'endsAt'>,
  view: CalendarView,
  timeZone: string,
): Span | null {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  switch (event.key) {
    case 'ArrowLeft':
      return movedByDays(shift, -1, timeZone);
    case 'ArrowRight':
      return movedByDays(shift, 1, timeZone);
    case 'ArrowUp':
      return view === 'week' ? movedByMinutes(shift, -SNAP_MINUTES) : movedByDays(shift, -7, timeZone);
    case 'ArrowDown':
      return view === 'week' ? movedByMinutes(shift, SNAP_MINUTES) : movedByDays(shift, 7, timeZone);
    default:
      return null;
  }
}
