import { secureWebPreferences, type DisplayArea, type SecureWebPreferences } from './window-options';
import type { Language } from './tray-menu';

// The small always-on-top "listening" pill shown while push-to-talk records. It is a
// static page from a data: URL with no script and no preload: it cannot talk to main
// and has nothing worth attacking.

export interface IndicatorWindowOptions {
  x: number;
  y: number;
  width: number;
  height: number;
  frame: false;
  transparent: true;
  resizable: false;
  movable: false;
  minimizable: false;
  maximizable: false;
  fullscreenable: false;
  focusable: false;
  skipTaskbar: true;
  alwaysOnTop: true;
  show: false;
  hasShadow: false;
  webPreferences: SecureWebPreferences;
}

const SIZE = { width: 320, height: 56 } as const;

export function indicatorWindowOptions(workArea: DisplayArea): IndicatorWindowOptions {
  return {
    // Top centre of the display the cursor is on, clear of the menu bar / panel.
    x: Math.round(workArea.x + (workArea.width - SIZE.width) / 2),
    y: Math.round(workArea.y + 24),
    ...SIZE,
    frame: false,
    transparent: true,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    focusable: false,
    skipTaskbar: true,
    alwaysOnTop: true,
    show: false,
    hasShadow: false,
    webPreferences: secureWebPreferences(),
  };
}

const LABEL = {
  de: { listening: 'JARVIS hört zu …', thinking: 'JARVIS denkt nach …' },
  en: { listening: 'JARVIS is listening …', thinking: 'JARVIS is thinking …' },
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function indicatorHtml(phase: 'listening' | 'thinking', language: Language, shortcut: string): string {
  const label = escapeHtml(LABEL[language][phase]);
  const hint = phase === 'listening' ? escapeHtml(shortcut) : '';
  const dot = phase === 'listening' ? '#ef4444' : '#f59e0b';
  const html = `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>html,body{margin:0;background:transparent;font:600 13px system-ui,sans-serif;overflow:hidden;white-space:nowrap}
.pill{display:flex;align-items:center;gap:10px;height:44px;margin:6px;padding:0 16px;border-radius:22px;background:rgba(11,18,32,.92);color:#e5e7eb}
.dot{flex:none;width:12px;height:12px;border-radius:50%;background:${dot};animation:p 1s ease-in-out infinite alternate}
small{color:#94a3b8;font-weight:400;margin-left:auto}@keyframes p{to{opacity:.35}}</style></head>
<body><div class="pill" role="status"><span class="dot"></span><span>${label}</span><small>${hint}</small></div></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
