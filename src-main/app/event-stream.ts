// A server-sent event stream, read in chunks: complete events go to the listener as
// (type, data); comments (": ping") and incomplete tails wait or are dropped.

/** An event larger than this is not one the server sends; it is dropped rather than kept growing. */
const MAX_EVENT_CHARS = 1 << 20;

export class EventStreamParser {
  private buffer = '';
  /** A chunk may end between the CR and LF of one line end. */
  private carriageReturn = false;

  constructor(private readonly onEvent: (type: string, data: string) => void) {}

  push(chunk: string): void {
    let text = (this.carriageReturn ? '\r' : '') + chunk;
    this.carriageReturn = text.endsWith('\r');
    if (this.carriageReturn) text = text.slice(0, -1);
    this.buffer += text.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.dispatch(block);
    }
    if (this.buffer.length > MAX_EVENT_CHARS) this.buffer = '';
  }

  private dispatch(block: string): void {
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) this.onEvent(type, data.join('\n'));
  }
}
