import { Ollama } from 'ollama';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedText, startScriptedOllama, type ScriptedOllama } from './scripted-ollama';

describe('scripted Ollama server (wire format as the official client reads it)', () => {
  let server: ScriptedOllama;
  let client: Ollama;

  beforeAll(async () => {
    server = await startScriptedOllama();
    client = new Ollama({ host: server.url });
  });
  afterAll(() => server.close());

  it('lists models and reports capabilities through /api/show', async () => {
    const list = await client.list();
    expect(list.models.map((m) => m.name)).toEqual(['nomic-embed-text:latest', 'qwen2.5:7b-instruct']);
    const show = await client.show({ model: 'qwen2.5:7b-instruct' });
    expect(show.capabilities).toContain('tools');
    await expect(client.show({ model: 'missing' })).rejects.toThrow(/not found/);
  });

  it('answers non-streaming chat with tool_calls and records the request', async () => {
    server.reset();
    server.reply({ tool_calls: [{ name: 'groceries_add', arguments: { name: 'Milch' } }] });
    const tools = [
      { type: 'function', function: { name: 'groceries_add', description: 'add', parameters: { type: 'object', properties: {} } } },
    ];
    const res = await client.chat({ model: 'qwen2.5:7b-instruct', messages: [{ role: 'user', content: 'Milch' }], tools, stream: false });
    expect(res.message.tool_calls?.[0]?.function).toEqual({ name: 'groceries_add', arguments: { name: 'Milch' } });
    expect(server.chats()[0]?.tools?.[0]?.function.name).toBe('groceries_add');
    expect(server.remaining).toBe(0);
  });

  it('streams NDJSON content chunks and a final done chunk', async () => {
    server.reply({ content: 'Hallo du da' });
    const stream = await client.chat({ model: 'qwen2.5:7b-instruct', messages: [{ role: 'user', content: 'hi' }], stream: true });
    const pieces: string[] = [];
    let done = false;
    for await (const part of stream) {
      pieces.push(part.message.content);
      done = part.done;
    }
    expect(pieces.join('')).toBe('Hallo du da');
    expect(pieces.length).toBeGreaterThan(2);
    expect(done).toBe(true);
  });

  it('answers format:"json" with a JSON document and computed replies see the request', async () => {
    server.reply((req) => ({ json: { echoed: req.messages.at(-1)?.content, format: req.format } }));
    const res = await client.chat({
      model: 'qwen2.5:7b-instruct',
      messages: [{ role: 'user', content: 'x' }],
      format: 'json',
      stream: false,
    });
    expect(JSON.parse(res.message.content)).toEqual({ echoed: 'x', format: 'json' });
  });

  it('fails clearly when the script is exhausted or an error is scripted', async () => {
    await expect(client.chat({ model: 'qwen2.5:7b-instruct', messages: [], stream: false })).rejects.toThrow(/no scripted reply/);
    server.reply({ status: 503, error: 'busy' });
    await expect(client.chat({ model: 'qwen2.5:7b-instruct', messages: [], stream: false })).rejects.toThrow(/busy/);
  });

  it('refuses tools for a model without the tools capability', async () => {
    server.reply({ content: 'never' });
    const tools = [{ type: 'function', function: { name: 't', parameters: { type: 'object' } } }];
    await expect(client.chat({ model: 'nomic-embed-text', messages: [], tools, stream: false })).rejects.toThrow(/does not support tools/);
    server.reset();
  });

  it('embeds deterministically', async () => {
    const res = await client.embed({ model: 'nomic-embed-text', input: ['a', 'b', 'a'] });
    expect(res.embeddings).toHaveLength(3);
    expect(res.embeddings[0]).toEqual(res.embeddings[2]);
    expect(res.embeddings[0]).not.toEqual(res.embeddings[1]);
    expect(res.embeddings[0]).toEqual(embedText('a', 16));
    expect(Math.hypot(...res.embeddings[1]!)).toBeCloseTo(1, 6);
  });
});
