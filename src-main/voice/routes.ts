import { viewerOf } from '../platform/viewer';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteResponse, TranscribeResponse, VoiceStatus } from '../../src-shared';
import type { VoiceAssistant, VoiceService } from './service';
import { Refusal } from '../platform/errors';

export interface VoiceRouteOptions {
  readonly maxUploadBytes: number;
}

interface VoiceUpload {
  readonly audio: Buffer;
  readonly fields: Readonly<Record<string, string>>;
}

const FIELDS = new Set(['module', 'capture_ms', 'hands_free']);

const speakSchema = {
  type: 'object',
  required: ['text'],
  additionalProperties: false,
  properties: { text: { type: 'string', minLength: 1, maxLength: 4000 } },
} as const;

/**
 * Voice routes. Multipart parsing is registered inside
 * this plugin's own scope, so another capability's multipart settings never collide.
 */
export function voiceRoutes(app: FastifyInstance, voice: VoiceService, assistant: VoiceAssistant, options: VoiceRouteOptions): void {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      // The browser sends a Blob (filename "blob", any type): the `audio` field is the file.
      isPartAFile: (field, _type, filename) => field === 'audio' || filename !== undefined,
      limits: { fileSize: options.maxUploadBytes, files: 1, fields: 8, fieldSize: 256, parts: 10 },
    });

    const readUpload = async (req: FastifyRequest): Promise<VoiceUpload> => {
      if (!req.isMultipart()) {
        throw new Refusal('unsupported_media', 'AUDIO_INVALID', 'Send the recording as multipart/form-data with the field `audio`.');
      }
      let audio: Buffer | undefined;
      const fields: Record<string, string> = {};
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'audio')
              throw new Refusal(
                'invalid',
                'AUDIO_INVALID',
                `Unexpected file field \`${part.fieldname}\`; the recording goes in \`audio\`.`,
              );
            audio = await part.toBuffer();
          } else if (FIELDS.has(part.fieldname)) {
            fields[part.fieldname] = String(part.value);
          } else {
            throw new Refusal('invalid', 'INVALID_REQUEST', `Unknown field \`${part.fieldname}\`.`, `/${part.fieldname}`);
          }
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new Refusal(
            'too_large',
            'AUDIO_TOO_LARGE',
            `The recording is larger than ${Math.round(options.maxUploadBytes / 1024 / 1024)} MB (JARVIS_VOICE_MAX_UPLOAD_MB).`,
          );
        }
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          throw new Refusal(
            'invalid',
            'AUDIO_INVALID',
            'Send one recording in the field `audio` and at most the fields module, capture_ms, hands_free.',
          );
        }
        throw err;
      }
      if (!audio) throw new Refusal('invalid', 'AUDIO_INVALID', 'The form has no `audio` field with the recording.', '/audio');
      return { audio, fields };
    };

    scope.get('/api/voice/status', async (): Promise<VoiceStatus> => voice.status());

    scope.post('/api/voice/transcribe', async (req): Promise<TranscribeResponse> => {
      const { audio } = await readUpload(req);
      const r = await voice.transcribe(audio);
      return { text: r.text, language: r.language, duration_ms: r.duration_ms };
    });

    scope.post('/api/voice/command', async (req): Promise<RouteResponse<'POST /api/voice/command'>> => {
      const { audio, fields } = await readUpload(req);
      const module = fields.module?.trim();
      if (module !== undefined && !/^[a-z][a-z0-9_-]{0,39}$/.test(module)) {
        throw new Refusal('invalid', 'INVALID_REQUEST', '`module` must be a module name such as calendar or groceries.', '/module');
      }
      const captureMs = parseNonNegative(fields.capture_ms, 'capture_ms');
      const handsFree = fields.hands_free === undefined ? false : parseBool(fields.hands_free, 'hands_free');
      const member = viewerOf(req).memberId;
      return voice.command(assistant, audio, {
        ...(module ? { module } : {}),
        captureMs,
        handsFree,
        ...(member !== undefined ? { member } : {}),
      });
    });

    scope.post('/api/voice/speak', { schema: { body: speakSchema } }, async (req, reply) => {
      const { text } = req.body as { text: string };
      if (text.trim() === '') throw new Refusal('invalid', 'INVALID_REQUEST', '`text` is blank.', '/text');
      const wav = await voice.speak(text);
      return reply.header('Cache-Control', 'no-store').type('audio/wav').send(wav);
    });
  });
}

function parseNonNegative(value: string | undefined, name: string): number {
  if (value === undefined || value === '') return 0;
  if (!/^[0-9]{1,9}(\.[0-9]+)?$/.test(value))
    throw new Refusal('invalid', 'INVALID_REQUEST', `\`${name}\` must be a number of milliseconds.`, `/${name}`);
  return Number(value);
}

function parseBool(value: string, name: string): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Refusal('invalid', 'INVALID_REQUEST', `\`${name}\` must be true or false.`, `/${name}`);
}
