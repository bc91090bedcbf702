// Where a live stream's bytes go: straight to node's response when served by node, else through a web stream.
import type { ServerResponse } from 'node:http';
import type { LiveStream, StreamSink } from './live-hub';

/**
 * Writes to the node response itself: at 10,000 streams an event's cost is per stream, and a web stream per
 * connection (enqueue, then the adapter's read and write) was most of it. `write` returning false means the socket's
 * buffer is full; what is written until it drains is the backlog the hub bounds, as it bounds a web stream's queue.
 */
export function nodeSink(response: ServerResponse): StreamSink {
  let backlog = 0;
  response.on('drain', () => {
    backlog = 0;
  });
  return {
    write(chunk) {
      if (response.destroyed || response.writableEnded) return false;
      if (!response.write(chunk)) backlog++;
      return true;
    },
    backlog: () => backlog,
    end() {
      if (!response.writableEnded) response.end();
    },
  };
}

/**
 * The same stream as a web stream, for a caller without node (app.fetch). Attached on the first read, so a route
 * whose answer is written to node instead never attaches it.
 */
export function webStreamBody(stream: LiveStream): ReadableStream<Uint8Array> {
  let attached = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (attached) return;
        attached = true;
        stream.attach({
          write(chunk) {
            try {
              controller.enqueue(chunk);
              return true;
            } catch {
              return false;
            }
          },
          backlog: () => -(controller.desiredSize ?? 0),
          end() {
            try {
              controller.close();
            } catch {
              // Already closed or cancelled by the client.
            }
          },
        });
      },
      cancel() {
        stream.cancel();
      },
    },
    // Nothing is asked of the stream before a reader reads it.
    { highWaterMark: 0 },
  );
}
