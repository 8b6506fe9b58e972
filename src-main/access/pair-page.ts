// The pairing page a phone opens from the QR code: a small page of its own (not the app),
// so an unpaired device is served nothing of the household but this. Script and styles
// are files of their own: the page runs under the same policy as the app (no inline code).

export const PAIR_PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

type Lang = 'de' | 'en';

const TEXT: Record<Lang, Record<string, string>> = {
  de: {
    title: 'Gerät mit JARVIS verbinden',
    intro: 'Gib den Code ein, den JARVIS auf dem Computer zeigt (unter System → Geräte oder mit „jarvis pair“).',
    code: 'Code',
    next: 'Weiter',
    member: 'Wer benutzt dieses Gerät?',
    deviceName: 'Name des Geräts',
    deviceNamePlaceholder: 'z. B. Handy von Anna',
    pair: 'Verbinden',
    trustTitle: 'Der Verbindung vertrauen',
    trustIntro:
      'JARVIS verschlüsselt die Verbindung mit einem eigenen Zertifikat. Lade es einmal herunter und vertraue ihm, dann verschwindet die Warnung des Browsers.',
    download: 'Zertifikat herunterladen',
    ios: 'iPhone und iPad: Zertifikat laden und „Zulassen“ tippen. Dann Einstellungen → Allgemein → VPN und Geräteverwaltung → „JARVIS Home Command local CA“ → Installieren. Zuletzt Einstellungen → Allgemein → Info → Zertifikatsvertrauenseinstellungen → das JARVIS-Zertifikat einschalten.',
    android:
      'Android: Zertifikat laden. Dann Einstellungen → Sicherheit (oder Sicherheit und Datenschutz) → Weitere Einstellungen → Verschlüsselung und Anmeldedaten → Zertifikat installieren → CA-Zertifikat → die geladene Datei wählen.',
    working: 'Einen Moment …',
    failed: 'Das hat nicht geklappt.',
  },
  en: {
    title: 'Connect this device to JARVIS',
    intro: 'Enter the code JARVIS shows on the computer (under System → Devices, or from "jarvis pair").',
    code: 'Code',
    next: 'Next',
    member: 'Who uses this device?',
    deviceName: 'Device name',
    deviceNamePlaceholder: "e.g. Anna's phone",
    pair: 'Connect',
    trustTitle: 'Trust the connection',
    trustIntro:
      "JARVIS encrypts the connection with its own certificate. Download it once and trust it, and the browser's warning goes away.",
    download: 'Download the certificate',
    ios: 'iPhone and iPad: download the certificate and tap "Allow". Then Settings → General → VPN & Device Management → "JARVIS Home Command local CA" → Install. Last, Settings → General → About → Certificate Trust Settings → turn on the JARVIS certificate.',
    android:
      'Android: download the certificate. Then Settings → Security (or Security & privacy) → More settings → Encryption & credentials → Install a certificate → CA certificate → pick the downloaded file.',
    working: 'One moment …',
    failed: 'That did not work.',
  },
};

/** The page's language: the browser's first choice when we speak it, else the household's. */
export function pageLanguage(acceptLanguage: string | undefined, fallback: string): Lang {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().slice(0, 2).toLowerCase();
  if (first === 'de' || first === 'en') return first;
  return fallback === 'en' ? 'en' : 'de';
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function pairPageHtml(lang: Lang): string {
  const t = (key: string) => escapeHtml(TEXT[lang][key] ?? key);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('title')}</title>
<link rel="stylesheet" href="/pair/pair.css">
<script type="module" src="/pair/pair.js"></script>
</head>
<body data-working="${t('working')}" data-failed="${t('failed')}">
<main>
<h1>${t('title')}</h1>
<form id="code-form">
<p>${t('intro')}</p>
<label for="code">${t('code')}</label>
<input id="code" name="code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" maxlength="12" required>
<button type="submit">${t('next')}</button>
</form>
<form id="device-form" hidden>
<label for="member">${t('member')}</label>
<select id="member" name="member" required></select>
<label for="device-name">${t('deviceName')}</label>
<input id="device-name" name="device_name" maxlength="60" placeholder="${t('deviceNamePlaceholder')}" required>
<button type="submit">${t('pair')}</button>
</form>
<p id="status" role="status" aria-live="polite"></p>
<section>
<h2>${t('trustTitle')}</h2>
<p>${t('trustIntro')}</p>
<p><a href="/pair/ca.crt" download="jarvis-ca.crt">${t('download')}</a></p>
<p>${t('ios')}</p>
<p>${t('android')}</p>
</section>
</main>
</body>
</html>
`;
}

export const PAIR_PAGE_CSS = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; padding: 1rem; line-height: 1.45; }
main { max-width: 32rem; margin: 0 auto; }
h1 { font-size: 1.4rem; }
h2 { font-size: 1.1rem; margin-top: 2rem; }
label { display: block; margin-top: 0.8rem; font-weight: 600; }
input, select, button { font: inherit; width: 100%; box-sizing: border-box; padding: 0.6rem; margin-top: 0.3rem; border-radius: 0.4rem; }
#code { font-family: ui-monospace, monospace; letter-spacing: 0.2em; text-transform: uppercase; }
button { margin-top: 1rem; border: 0; background: #2457c5; color: #fff; font-weight: 600; }
#status { min-height: 1.5em; font-weight: 600; }
`;

// Plain browser script: the code may come in the link's fragment (the QR code), which no
// server ever sees; the credential comes back as an HttpOnly cookie, which no script sees.
export const PAIR_PAGE_JS = `
const $ = (id) => document.getElementById(id);
const status = (text) => { $('status').textContent = text; };
const post = async (path, body) => {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error((json.error && json.error.message) || document.body.dataset.failed);
  return json;
};
const takeCode = () => {
  const fromLink = new URLSearchParams(location.hash.slice(1)).get('code');
  if (fromLink) { $('code').value = fromLink; history.replaceState(null, '', location.pathname); }
};
takeCode();
window.addEventListener('hashchange', takeCode);
$('code-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  status(document.body.dataset.working);
  try {
    const { members } = await post('/api/pairing/check', { code: $('code').value });
    const select = $('member');
    select.replaceChildren(...members.map((m) => { const o = document.createElement('option'); o.value = m.id; o.textContent = m.name; return o; }));
    $('code-form').hidden = true;
    $('device-form').hidden = false;
    status('');
    $('device-name').focus();
  } catch (err) { status(err.message); }
});
$('device-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  status(document.body.dataset.working);
  try {
    await post('/api/pairing/confirm', { code: $('code').value, member: $('member').value, device_name: $('device-name').value });
    location.replace('/');
  } catch (err) {
    status(err.message);
    $('device-form').hidden = true;
    $('code-form').hidden = false;
  }
});
`;
