import { readFile } from 'node:fs/promises';
import { VoiceError } from './errors';
import { lastLines, runTool } from './run-tool';

export interface WhisperRequest {
  readonly bin: string;
  readonly model: string;
  readonly wavFile: string;
  /** An ISO code (`de`) or `auto`. */
  readonly language: string;
  /** Base path for the output files (`<base>.json`, `<base>.txt`). */
  readonly outputBase: string;
  readonly threads: number;
  readonly timeoutMs: number;
}

export interface WhisperResult {
  readonly text: string;
  /** The language whisper decided on (the detected one for `auto`). */
  readonly language: string;
}

/** The whisper.cpp CLI arguments: JSON and plain text output files, nothing else on stdout. */
export function whisperArgs(req: WhisperRequest): string[] {
  return ['-m', req.model, '-f', req.wavFile, '-l', req.language, '-t', String(req.threads), '-oj', '-otxt', '-of', req.outputBase, '-np'];
}

export async function runWhisper(req: WhisperRequest): Promise<WhisperResult> {
  const run = await runTool(req.bin, whisperArgs(req), { timeoutMs: req.timeoutMs });
  if (run.timedOut) throw new VoiceError('STT_FAILED', `whisper-cli did not finish within ${req.timeoutMs / 1000} s`, 'timeout');
  if (run.code !== 0) {
    const why = lastLines(run.stderr) || `exit code ${run.code ?? run.signal}`;
    // whisper.cpp says "failed to initialize whisper context" for a model it cannot read.
    if (/failed to (initialize whisper context|load model)|invalid model|bad magic/i.test(run.stderr)) {
      throw new VoiceError('STT_MODEL_MISSING', `whisper-cli could not load the model ${req.model}: ${why}`, 'unavailable');
    }
    throw new VoiceError('STT_FAILED', `whisper-cli failed: ${why}`, 'bad_gateway');
  }
  const json = await readFile(`${req.outputBase}.json`).catch(() => undefined);
  const txt = await readFile(`${req.outputBase}.txt`).catch(() => undefined);
  return parseWhisperOutput(json, txt, run.stdout, req.language);
}

/**
 * Reads whisper-cli's result. The JSON file is preferred (it names the detected language);
 * whisper.cpp escapes only quotes and backslashes there, so a control character inside a
 * token would break JSON.parse: those are blanked first. Tokens may also end inside a
 * multi-byte character; decoding replaces the broken bytes instead of failing. The text file,
 * then stdout, are the fallbacks when the JSON file is missing or unreadable.
 */
export function parseWhisperOutput(
  json: Buffer | undefined,
  txt: Buffer | undefined,
  stdout: Buffer,
  requestedLanguage: string,
): WhisperResult {
  const fallbackLanguage = requestedLanguage === 'auto' ? 'und' : requestedLanguage;
  if (json && json.length > 0) {
    try {
      const doc = JSON.parse(json.toString('utf8').replace(/[\u0000-\u001f]/g, ' ')) as {
        result?: { language?: unknown };
        transcription?: { text?: unknown }[];
      };
      if (Array.isArray(doc.transcription)) {
        const text = cleanTranscript(doc.transcription.map((s) => (typeof s.text === 'string' ? s.text : '')).join(' '));
        const language = typeof doc.result?.language === 'string' && doc.result.language ? doc.result.language : fallbackLanguage;
        return { text, language };
      }
    } catch {
      // fall through to the plain text
    }
  }
  if (txt && txt.length > 0) return { text: cleanTranscript(txt.toString('utf8')), language: fallbackLanguage };
  return { text: cleanTranscript(stripTimestamps(stdout.toString('utf8'))), language: fallbackLanguage };
}

/** `[00:00:00.000 --> 00:00:02.000]  text` lines as the CLI prints them without -nt. */
function stripTimestamps(text: string): string {
  return text.replace(/^\s*\[[0-9:.]+\s*-->\s*[0-9:.]+\]\s*/gm, '');
}

/**
 * Whisper marks silence and noise with bracketed tags ([BLANK_AUDIO], [Musik], (Lachen));
 * they are not words anyone said.
 */
export function cleanTranscript(text: string): string {
  return text
    .replace(/\[(BLANK_AUDIO|MUSIC|Musik|NOISE|SOUND|silence|Stille|inaudible|_[A-Z_]+_?)[^\]]*\]/gi, ' ')
    .replace(/\((Musik|music|Lachen|laughs|Applaus|applause|silence|Stille)[^)]*\)/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
