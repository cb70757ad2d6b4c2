import { describe, expect, it } from 'vitest';
import { takeEventFrames } from '../support/event-frames.ts';

describe('the event frames of a stream read so far', () => {
  it('gives the data of each complete frame and keeps an unfinished one for the next chunk', () => {
    const first = takeEventFrames('data: {"a":1}\n\n: keep-alive\n\ndata: {"b"');
    expect(first.payloads).toEqual(['{"a":1}']);
    expect(first.rest).toBe('data: {"b"');
    const second = takeEventFrames(`${first.rest}:2}\n\n`);
    expect(second.payloads).toEqual(['{"b":2}']);
    expect(second.rest).toBe('');
  });

  it('reads the data line of a frame that also names its event', () => {
    expect(takeEventFrames('event: notification\ndata: {"c":3}\n\n').payloads).toEqual(['{"c":3}']);
  });
});
