export { createHome, type HomeCapability } from './capability';
export { bridgeFingerprint, HuePairingError, pairHueBridge, type HuePairing } from './hue-pairing';
