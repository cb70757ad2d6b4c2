// The browser tab names the page by what it shows: the route's title ("My cases · Case Router"), or, once a
// screen knows it, its subject ("SGH-000051 · Case Router"). The root layout holds the subject; a screen sets
// it with usePageSubject and clears it when it goes.
import { createContext, useContext, useEffect } from 'react';
import { texts } from '../config/texts.ts';

export const PageSubjectContext = createContext<(subject: string | undefined) => void>(() => undefined);

/** The tab's text for a route title or a screen's subject. */
export function pageTitle(title: string | undefined, subject?: string): string {
  const name = subject ?? title;
  return name === undefined ? texts.productName : `${name} · ${texts.productName}`;
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
