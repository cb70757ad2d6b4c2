// Reading a request body with its size cap applied as bytes arrive: a declared Content-Length over the cap is
// refused before a byte is read, and a body that grows past it (chunked, or lying about its length) as soon
// as it does; what was read is dropped, and the rest is never kept (the connection closes).
import type { Readable } from 'node:stream';
import { payloadTooLarge } from '../errors.ts';

export function readBodyUpTo(stream: Readable, limit: number, declaredLength?: number): Promise<Buffer> {
  if (declaredLength !== undefined && declaredLength > limit) return Promise.reject(payloadTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    function onData(chunk: Buffer): void {
      size += chunk.length;
      if (size > limit) {
        stop();
        stream.pause();
        chunks.length = 0;
        reject(payloadTooLarge());
        return;
      }
      chunks.push(chunk);
    }
    function onEnd(): void {
      stop();
      resolve(Buffer.concat(chunks, size));
    }
    function onError(error: Error): void {
      stop();
      reject(error);
    }
    function onClose(): void {
      stop();
      reject(new Error('The request was closed before its body arrived'));
    }
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

/** The Content-Length the client declared, if it declared one. */
export function declaredLength(headers: { 'content-length'?: string | undefined }): number | undefined {
  const value = headers['content-length'];
  return value === undefined || !/^\d+$/.test(value) ? undefined : Number(value);
}
