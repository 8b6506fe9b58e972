import { fireEvent as libraryFireEvent } from '@testing-library/preact';

export * from '@testing-library/preact';

type FireEvent = typeof libraryFireEvent;

/**
 * Testing Library's events, with `change` as a browser sends it: `input`, then `change`.
 * Preact's compatibility layer listens to `input` for a text field's onChange and to `change`
 * for a select's or a checkbox's, and the library's own Preact helper turns every `change` into
 * `input`, so a select's onChange would never run.
 */
export const fireEvent: FireEvent = Object.assign((...args: Parameters<FireEvent>) => libraryFireEvent(...args), libraryFireEvent, {
  change: (element: Document | Element | Window | Node, init?: object): boolean => {
    libraryFireEvent.input(element, init);
    return libraryFireEvent(element, new Event('change', { bubbles: true }));
  },
});
