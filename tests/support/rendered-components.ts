// Which components rendered in each React commit, named: what React's own DevTools profiler shows, read in a test.
// Given as a Profiler's onRender, it walks the committed tree. A component rendered in this commit when its fiber is
// new to the tree (untouched subtrees keep last commit's fiber objects) and carries React's "performed work" flag
// (a fiber cloned but bailed out, as a memoised card with unchanged props, does not).
import type { ProfilerOnRenderCallback } from 'react';

interface Fiber {
  readonly tag: number;
  readonly type: unknown;
  readonly key: string | null;
  readonly flags: number;
  readonly child: Fiber | null;
  readonly sibling: Fiber | null;
}

const PERFORMED_WORK = 1;
// Function, class, forward-ref, memo and simple-memo components: what a reader calls a component.
const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);

function nameOf(fiber: Fiber): string {
  let type = fiber.type as { displayName?: string; name?: string; type?: unknown; render?: unknown } | null;
  if (type !== null && typeof type === 'object') {
    type = type.type ?? type.render ?? type;
  }
  return type?.displayName ?? type?.name ?? 'Anonymous';
}

function rootFiber(): Fiber | null {
  for (const element of Array.from(document.body.children)) {
    const key = Object.keys(element).find((name) => name.startsWith('__reactContainer$'));
    if (key === undefined) continue;
    const container = (element as unknown as Record<string, { stateNode: { current: Fiber } }>)[key];
    if (container !== undefined) return container.stateNode.current;
  }
  return null;
}

export interface RenderRecord {
  /** The components rendered in one commit, by name, with the key of each (a card's case id). */
  readonly components: { readonly name: string; readonly key: string | null }[];
}

/** A Profiler callback that records, per commit, the components rendered; `commits` holds them. */
export function recordRenders(): { onRender: ProfilerOnRenderCallback; commits: RenderRecord[] } {
  const commits: RenderRecord[] = [];
  let previous = new Set<Fiber>();
  const onRender: ProfilerOnRenderCallback = () => {
    const root = rootFiber();
    if (root === null) return;
    const seen = new Set<Fiber>();
    const components: RenderRecord['components'] = [];
    const stack: Fiber[] = [root];
    while (stack.length > 0) {
      const fiber = stack.pop() as Fiber;
      seen.add(fiber);
      const fresh = !previous.has(fiber);
      if (fresh && COMPONENT_TAGS.has(fiber.tag) && (fiber.flags & PERFORMED_WORK) !== 0) {
        components.push({ name: nameOf(fiber), key: fiber.key });
      }
      if (fiber.child !== null) stack.push(fiber.child);
      if (fiber.sibling !== null) stack.push(fiber.sibling);
    }
    previous = seen;
    commits.push({ components });
  };
  return { onRender, commits };
}

/** Every component name rendered over the commits, with how many times. */
export function renderCounts(commits: readonly RenderRecord[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { components } of commits) {
    for (const { name } of components) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}
