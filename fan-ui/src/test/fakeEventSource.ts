import { act } from '@testing-library/react';

type Listener = (event: MessageEvent<string>) => void;

/**
 * A stand-in for the browser's EventSource (jsdom has none): the test opens, feeds and breaks
 * the stream by hand. Every instance is kept in `FakeEventSource.instances`, newest last.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  /** The stream opened last, failing the test when none was. */
  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (source === undefined) {
      throw new Error('no EventSource was opened');
    }
    return source;
  }

  static reset(): void {
    FakeEventSource.instances = [];
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server accepted the stream. */
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatch('open', '');
  }

  /** The server sent `event: type` with `data` as JSON. */
  send(type: string, data: unknown): void {
    this.dispatch(type, JSON.stringify(data));
  }

  /** The connection broke; `giveUp` as when the browser will not reconnect by itself. */
  fail(giveUp = false): void {
    this.readyState = giveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatch('error', '');
  }

  private dispatch(type: string, data: string): void {
    const event = new MessageEvent<string>(type, { data });
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) {
        listener(event);
      }
    });
  }
}
