// One shift on the calendar, as a button: a click or Enter opens its form, the arrow keys move it (saved at
// once), and a pointer drags it to another time or day. A drag shorter than a few pixels is a click.
import { UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import type { Shift } from '../../../generated/types.gen.ts';
import { keyMove, type CalendarView } from './calendar-keys.ts';
import type { Span } from './week.ts';

// Movement below this is a click, not a drag.
const DRAG_THRESHOLD_PX = 5;

/**
 * What lies under a point, past the dragged shift itself (which follows the pointer): the closest element
 * matching the selector.
 */
export function dropTarget(dragged: Element, x: number, y: number, selector: string): Element | null {
  for (const element of document.elementsFromPoint(x, y)) {
    if (dragged.contains(element)) continue;
    const found = element.closest(selector);
    if (found) return found;
  }
  return null;
}

/** Where a drag released at a point puts the shift; `from` is the element the drag started on. */
export type DropAt = (drop: {
  from: Element;
  x: number;
  y: number;
  startX: number;
  startY: number;
}) => Span | null;

export interface ShiftButtonProps extends UnstyledButtonProps {
  readonly shift: Shift;
  readonly view: CalendarView;
  readonly timeZone: string;
  readonly hintId: string;
  /** Where a drag puts the shift; null where the shift is not dragged (the day list, scrolled by touch). */
  readonly dropAt: DropAt | null;
  readonly onEdit: (shift: Shift) => void;
  readonly onMove: (shift: Shift, to: Span) => void;
  readonly children: ReactNode;
  readonly style?: React.CSSProperties;
}

export function ShiftButton({
  shift,
  view,
  timeZone,
  hintId,
  dropAt,
  onEdit,
  onMove,
  children,
  style,
  ...rest
}: ShiftButtonProps) {
  const start = useRef<{ x: number; y: number; pointerId: number } | null>(null);
  const dragged = useRef(false);
  const [offset, setOffset] = useState<{ dx: number; dy: number } | null>(null);

  return (
    <UnstyledButton
      {...rest}
      data-shift-id={shift.id}
      aria-describedby={hintId}
      aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight"
      onClick={() => {
        // The click that ends a drag is not a click on the shift.
        if (dragged.current) {
          dragged.current = false;
          return;
        }
        onEdit(shift);
      }}
      onKeyDown={(event) => {
        const to = keyMove(event, shift, view, timeZone);
        if (to === null) return;
        event.preventDefault();
        onMove(shift, to);
      }}
      onPointerDown={(event) => {
        if (dropAt === null || event.button !== 0) return;
        event.stopPropagation();
        event.currentTarget.setPointerCapture(event.pointerId);
        start.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
        dragged.current = false;
      }}
      onPointerMove={(event) => {
        const from = start.current;
        if (from === null) return;
        const dx = event.clientX - from.x;
        const dy = event.clientY - from.y;
        if (!dragged.current && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
        dragged.current = true;
        setOffset({ dx, dy });
      }}
      onPointerUp={(event) => {
        const from = start.current;
        start.current = null;
        setOffset(null);
        if (from === null || dropAt === null || !dragged.current) return;
        const to = dropAt({
          from: event.currentTarget,
          x: event.clientX,
          y: event.clientY,
          startX: from.x,
          startY: from.y,
        });
        if (to !== null && to.start !== Date.parse(shift.startsAt)) onMove(shift, to);
      }}
      onPointerCancel={() => {
        start.current = null;
        dragged.current = false;
        setOffset(null);
      }}
      style={{
        ...style,
        ...(dropAt === null ? {} : { touchAction: 'none', cursor: offset ? 'grabbing' : 'grab' }),
        ...(offset
          ? {
              transform: `translate(${String(offset.dx)}px, ${String(offset.dy)}px)`,
              zIndex: 10,
              opacity: 0.85,
              boxShadow: 'var(--mantine-shadow-md)',
            }
          : {}),
      }}
    >
      {children}
    </UnstyledButton>
  );
}
