// Typed route parameters: the names come from the path pattern in the route table, and a missing value is a
// routing bug, so it throws to the route's error screen instead of leaking `undefined` into a screen.
import { type PathParam, useParams } from 'react-router';

export function useRouteParams<Pattern extends string>(pattern: Pattern): Record<PathParam<Pattern>, string> {
  const params = useParams();
  const names = [...pattern.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = params[name];
    if (typeof value !== 'string' || value === '') {
      throw new Error(`The route ${pattern} was rendered without its "${name}" parameter`);
    }
    values[name] = value;
  }
  return values;
}
