// The master talks to home devices with self-signed certificates (the Hue bridge's event
// stream and pairing, Home Assistant's WebSocket, the Protect event stream) through the same
// pinning module the skills use, so there is one place where a pin is checked.
export {
  connectPinned,
  displayFingerprint,
  normalizeFingerprint,
  PinError as PinnedTlsError,
  probeFingerprint as presentedFingerprint,
} from '../../skills/home/_lib/pinned-https.mjs';
