// The server-sent event frames complete in what a stream has delivered so far: each frame's `data:` payload,
// and the unfinished rest to prepend to the next chunk. Shared by every Node-side reader of /events (the
// reliability suites, the benchmarks, the browser suite's own client).

export interface EventFrames {
  /** The `data:` payload of each complete frame, in order (frames without one are skipped). */
  readonly payloads: string[];
  /** What follows the last complete frame. */
  readonly rest: string;
}

export function takeEventFrames(buffer: string): EventFrames {
  const payloads: string[] = [];
  let rest = buffer;
  for (let end = rest.indexOf('\n\n'); end !== -1; end = rest.indexOf('\n\n')) {
    const data = rest
      .slice(0, end)
      .split('\n')
      .find((line) => line.startsWith('data: '));
    rest = rest.slice(end + 2);
    if (data !== undefined) payloads.push(data.slice(6));
  }
  return { payloads, rest };
}
