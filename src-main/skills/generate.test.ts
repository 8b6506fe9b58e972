import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { ollamaGenerate } from './generate';

let ollama: ScriptedOllama | undefined;
afterEach(async () => {
  await ollama?.close();
  ollama = undefined;
});

const settings = { temperature: 0.15, numCtx: 4096 };

describe('the llm step tool on Ollama', () => {
  it('with `auto` asks the first installed model that writes text, not the embedding model', async () => {
    ollama = await startScriptedOllama();
    ollama.reply({ content: 'Hallo' });
    const generate = ollamaGenerate({ url: ollama.url, model: 'auto', ...settings });
    expect(await generate('Sag hallo', { system: 'Kurz.' })).toBe('Hallo');
    expect(ollama.chats()[0]).toMatchObject({
      model: 'qwen2.5:7b-instruct',
      stream: false,
      options: { temperature: 0.15, num_ctx: 4096 },
      messages: [
        { role: 'system', content: 'Kurz.' },
        { role: 'user', content: 'Sag hallo' },
      ],
    });
  });

  it('says why when Ollama has no text model, or gives no answer in time', async () => {
    ollama = await startScriptedOllama({ models: [{ name: 'nomic-embed-text:latest', capabilities: ['embedding'] }] });
    await expect(ollamaGenerate({ url: ollama.url, model: 'auto', ...settings })('x', {})).rejects.toThrow('no model that writes text');
    ollama.setModels([{ name: 'qwen2.5:7b-instruct', capabilities: ['completion'] }]);
    ollama.reply({ content: 'late', delayMs: 2_000 });
    const slow = ollamaGenerate({ url: ollama.url, model: 'qwen2.5:7b-instruct', ...settings, timeoutMs: 50 });
    await expect(slow('x', {})).rejects.toThrow('qwen2.5:7b-instruct gave no answer within 50 ms');
  });
});
