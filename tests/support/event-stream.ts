// The event stream the app opens, answered by MSW: every connection the app makes is kept, so a test can write
// events to it as the server would, open it with the server's first frame, or end it.
import { handleStreamEvents } from '../../generated/msw.gen.ts';
import type { ServerEvent } from '../../generated/types.gen.ts';

const encoder = new TextEncoder();

export interface TestEventStream {
  /** The MSW handler to pass to renderApp. */
  readonly handler: ReturnType<typeof handleStreamEvents>;
  /** Every connection the app opened, oldest first. */
  readonly connections: ReadableStreamDefaultController<Uint8Array>[];
  /** Writes one event to every open connection, framed as the server frames it. */
  send(event: ServerEvent): void;
  /** The server's opening frame on the newest connection: it proves the stream open. */
  open(): void;
}

export function eventStream(): TestEventStream {
  const connections: ReadableStreamDefaultController<Uint8Array>[] = [];
  return {
    handler: handleStreamEvents(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start: (controller) => {
              connections.push(controller);
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        ),
    ),
    connections,
    send(event) {
      for (const connection of connections) {
        connection.enqueue(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
      }
    },
    open() {
      connections.at(-1)?.enqueue(encoder.encode('retry: 20\n\n'));
    },
  };
}
