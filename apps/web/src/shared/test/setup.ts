import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// jsdom has no matchMedia; antd's responsive helpers and our breakpoint hook need it.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

// jsdom has no ResizeObserver; antd's Avatar measures its text with it.
if (!("ResizeObserver" in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/**
 * jsdom's getComputedStyle matches every CSS rule of the page on each call, and Ant Design injects
 * about 500 KB of CSS: one call took ~47 ms, and role queries make thousands (planning-view.test spent
 * 100 of its 110 s there). Tests only read what jsdom computes for visibility — display, visibility,
 * opacity (jest-dom's toBeVisible, Testing Library's hidden check) and pointer-events (user-event) —
 * so the rules that set none of them are dropped as they arrive (decision 0054). Those four values are
 * computed exactly as before: every rule that declares one stays, in its order.
 */
const VISIBILITY_PROPERTIES = new Set(["display", "visibility", "opacity", "pointer-events"]);
const STYLE_RULE = 1;
const MEDIA_RULE = 4;
const SUPPORTS_RULE = 12;

function declaresVisibility(style: CSSStyleDeclaration): boolean {
  for (let index = 0; index < style.length; index += 1)
    if (VISIBILITY_PROPERTIES.has(style.item(index))) return true;
  return false;
}

function pruneRules(owner: CSSStyleSheet | CSSGroupingRule): void {
  for (let index = owner.cssRules.length - 1; index >= 0; index -= 1) {
    const rule = owner.cssRules[index];
    if (!rule) continue;
    if (rule.type === STYLE_RULE) {
      if (!declaresVisibility((rule as CSSStyleRule).style)) owner.deleteRule(index);
    } else if (rule.type === MEDIA_RULE || rule.type === SUPPORTS_RULE) {
      pruneRules(rule as CSSGroupingRule);
      if ((rule as CSSGroupingRule).cssRules.length === 0) owner.deleteRule(index);
    } else {
      owner.deleteRule(index); // @keyframes, @font-face…: nothing jsdom computes
    }
  }
}

const pruned = new WeakSet<CSSStyleSheet>();
function pruneStyleSheets(): void {
  for (const sheet of Array.from(document.styleSheets)) {
    if (pruned.has(sheet)) continue;
    pruned.add(sheet);
    pruneRules(sheet);
  }
}
new MutationObserver(() => {
  // A style element whose text changed gets a new sheet: it is pruned as a new one.
  pruneStyleSheets();
}).observe(document.head, { childList: true, subtree: true, characterData: true });
