// Where a live stream's bytes go: straight to node's response when served by node, else through a web stream.
import type { ServerResponse } from 'node:http';
import type { LiveStream, StreamSink } from './live-hub';

/** Each event's bytes framed once as an HTTP/1.1 chunk, whatever the number of streams it goes to. */
const framedChunks = new WeakMap<Uint8Array, Buffer>();
const CRLF = Buffer.from('\r\n', 'latin1');

function framed(chunk: Uint8Array): Buffer {
  let bytes = framedChunks.get(chunk);
  if (!bytes) {
    bytes = Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`, 'latin1'), chunk, CRLF]);
    framedChunks.set(chunk, bytes);
  }
  return bytes;
}

/**
 * Writes to the node response itself: at 10,000 streams an event's cost is per stream, and a web stream per
 * connection (enqueue, then the adapter's read and write) was most of it. Once the head is sent on a chunked HTTP/1.1
 * answer, each event goes to the socket as one chunk framed once for all streams: `response.write` frames every copy
 * anew and corks the socket until the next tick, so no stream had its event before all had been queued. Anything else
 * (an answer waiting behind another on its connection, HTTP/2) is written through the response. `write` returning
 * false means the socket's buffer is full; what is written until it drains is the backlog the hub bounds, as it bounds
 * a web stream's queue.
 */
export function nodeSink(response: ServerResponse): StreamSink {
  response.flushHeaders();
  // A response has its socket once it is the one its connection is answering; the head has just gone out on it.
  const socket = response.chunkedEncoding ? response.socket : null;
  let backlog = 0;
  const drained = () => {
    backlog = 0;
  };
  const drains = socket ?? response;
  drains.on('drain', drained);
  const send = socket
    ? (chunk: Uint8Array) => socket.write(framed(chunk))
    : (chunk: Uint8Array) => response.write(chunk);
  return {
    write(chunk) {
      if (response.destroyed || response.writableEnded || socket?.destroyed) return false;
      if (chunk.byteLength > 0 && !send(chunk)) backlog++;
      return true;
    },
    backlog: () => backlog,
    end() {
      // A kept-alive connection goes on to other answers: nothing of this stream stays on its socket.
      drains.off('drain', drained);
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
