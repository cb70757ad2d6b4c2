// The browser tab names the page by what it shows: the route's title ("My cases · Case Router"), or, once a
// screen knows it, its subject ("SGH-000051 · Case Router"). The root layout holds the subject; a screen sets
// it with usePageSubject and clears it when it goes.
//
// Offers waiting for the reader come first, counted: "(2) Case box · Case Router", so that a tab in the
// background says a case is waiting for an answer.
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { texts } from '../config/texts.ts';

export const PageSubjectContext = createContext<(subject: string | undefined) => void>(() => undefined);

/** The tab's text for a route title or a screen's subject, after the count of waiting offers when there are. */
export function pageTitle(title: string | undefined, subject?: string, waiting = 0): string {
  const name = subject ?? title;
  const text = name === undefined ? texts.productName : `${name} · ${texts.productName}`;
  return waiting > 0 ? `(${waiting}) ${text}` : text;
}

let waitingCount = 0;
const waitingListeners = new Set<() => void>();

/** How many offers wait for the reader's answer (the shell counts them). */
export function setWaitingCount(count: number): void {
  if (count === waitingCount) return;
  waitingCount = count;
  for (const listener of waitingListeners) listener();
}

function subscribeWaiting(listener: () => void): () => void {
  waitingListeners.add(listener);
  return () => {
    waitingListeners.delete(listener);
  };
}

const waitingSnapshot = (): number => waitingCount;

export function useWaitingCount(): number {
  return useSyncExternalStore(subscribeWaiting, waitingSnapshot, waitingSnapshot);
}

/** Names the page after its subject while the screen shows it; undefined keeps the route's title. */
export function usePageSubject(subject: string | undefined): void {
  const setSubject = useContext(PageSubjectContext);
  useEffect(() => {
    setSubject(subject);
    return () => {
      setSubject(undefined);
    };
  }, [setSubject, subject]);
}
