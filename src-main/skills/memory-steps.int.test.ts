import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RagDocument, SkillsResponse } from '../../src-shared';
import { buildPdf } from '../testing/rag-fixtures';
import { activateProposedSkills } from '../testing/skill-proposals';
import { eventually } from '../testing/skill-worker';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// Shaped like OpenJarvis's topic-research.toml (src/openjarvis/skills/data/ of its repository):
// a flat TOML whose first step is memory_search {"query": …} into an output key the later
// steps fill in. Its web_search and memory_store steps are left out (JARVIS has neither); a
// file_read step reads the matching letter whole, as OpenJarvis's file-reading skills do.
const DOCUMENT_QA = `[skill]
name = "document-qa"
description = "Answer a question from the household's documents"
version = "0.1.0"
author = "openjarvis"

[[skill.steps]]
tool_name = "memory_search"
arguments_template = '{"query": "{question}", "top_k": 3}'
output_key = "prior_knowledge"

[[skill.steps]]
tool_name = "file_read"
arguments_template = '{"path": "{document}"}'
output_key = "document_text"

[[skill.steps]]
tool_name = "think"
arguments_template = '{"thought": "Question: {question}. Found: {prior_knowledge}. Letter: {document_text}"}'
output_key = "answer"
`;

// The same pipeline installed into the user tier without required_capabilities: held to what it declares.
const INSTALLED = DOCUMENT_QA.replace('name = "document-qa"', 'name = "document-qa-installed"');

const READ_ANY = `[skill]
name = "read-any"
description = "Reads a file it is given"

[[skill.steps]]
tool_name = "file_read"
arguments_template = '{"path": "{path}"}'
output_key = "text"
`;

// OpenJarvis's pdf-summarize.toml as published: it passes `path`, where OpenJarvis's own
// pdf_extract names the argument `file_path`; JARVIS accepts both.
const PDF_SUMMARIZE = `[skill]
name = "pdf-summarize"
description = "Extract text from a PDF document and generate a structured summary"
version = "0.1.0"
author = "openjarvis"

[[skill.steps]]
tool_name = "pdf_extract"
arguments_template = '{"path": "{pdf_path}"}'
output_key = "pdf_text"

[[skill.steps]]
tool_name = "think"
arguments_template = '{"thought": "Identify the document structure (title, sections, key arguments) from the extracted text: {pdf_text}"}'
output_key = "structure"
`;

let tm: TestMaster;
let docs: string;
let outside: string;

beforeAll(async () => {
  docs = mkdtempSync(join(tmpdir(), 'jarvis-docs-'));
  outside = mkdtempSync(join(tmpdir(), 'jarvis-private-'));
  writeFileSync(
    join(docs, 'heizung.txt'),
    'Wartungsvertrag Heizung: Die Wartung der Gastherme ist jedes Jahr im Mai fällig. Kosten 149 Euro.\n',
  );
  writeFileSync(join(outside, 'secret.txt'), 'Tresorcode 4711');
  writeFileSync(join(docs, 'versicherung.pdf'), await buildPdf([['Hausratversicherung Police 7781'], ['Beitrag jährlich 96 Euro']]));
  tm = await startTestMaster({ JARVIS_RAG_WATCH_DIR: docs });
  // The household drops the letter into the document folder; the watched folder indexes it.
  await eventually(
    async () => ((await tm.request('/api/rag/documents')).json.documents as RagDocument[]).filter((d) => d.status === 'ready').length === 2,
    60_000,
    'the letter and the PDF to be indexed',
  );
  mkdirSync(tm.config.skillsDir, { recursive: true });
  writeFileSync(join(tm.config.skillsDir, 'document-qa.toml'), DOCUMENT_QA);
  writeFileSync(join(tm.config.skillsDir, 'read-any.toml'), READ_ANY);
  writeFileSync(join(tm.config.skillsDir, 'pdf-summarize.toml'), PDF_SUMMARIZE);
  const user = tm.config.skillsUserDir!;
  mkdirSync(join(user, 'document-qa-installed'), { recursive: true });
  writeFileSync(join(user, 'document-qa-installed', 'skill.toml'), INSTALLED);
  expect((await tm.request('/api/skills/reload', { method: 'POST' })).status).toBe(200);
  await activateProposedSkills(tm);
}, 90_000);

afterAll(async () => {
  await tm?.close();
  rmSync(docs, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe("OpenJarvis pipelines over the household's documents on the real master", () => {
  it('a workspace skill searches the indexed letter and reads it from the document folder', async () => {
    const skills = ((await tm.request('/api/skills')).json as SkillsResponse).skills;
    const qa = skills.find((s) => s.id === 'document-qa');
    expect(qa).toMatchObject({ enabled: true, errors: [] });
    expect(qa?.unavailable).toBeUndefined();
    // Undeclared, allowed in the workspace, said so.
    expect(qa?.warnings.join(' ')).toMatch(/memory:read \(the built-in step tool memory_search\)/);
    expect(qa?.warnings.join(' ')).toMatch(/filesystem:read \(the built-in step tool file_read\)/);

    const res = await tm.request('/api/tools/skill_document_qa_run', {
      json: { arguments: { question: 'Wann ist die Wartung der Gastherme?', document: 'heizung.txt' } },
    });
    expect(res.status, res.text).toBe(200);
    const outputs = res.json.data.outputs as Record<string, string>;
    // OpenJarvis's answer shape: numbered lines with score and source.
    expect(outputs.prior_knowledge).toMatch(/^1\. \[\d+\.\d\d\] \(source: heizung\.txt[^)]*\) .*Gastherme/);
    expect(outputs.document_text).toContain('jedes Jahr im Mai fällig');
    expect(res.json.data.result).toContain('Letter: Wartungsvertrag Heizung');
  });

  it('an installed copy that declares nothing is listed unavailable with the reason and not offered', async () => {
    const skills = ((await tm.request('/api/skills')).json as SkillsResponse).skills;
    const installed = skills.find((s) => s.id === 'document-qa-installed');
    expect(installed).toMatchObject({ tier: 'user', enabled: false });
    expect(installed?.unavailable).toContain(
      'step 1 uses the built-in step tool memory_search, which needs memory:read; the skill does not declare it in required_capabilities',
    );
    expect(installed?.unavailable).toContain('step 2 uses the built-in step tool file_read, which needs filesystem:read');
    expect((await tm.request('/api/tools/skill_document_qa_installed_run', { json: { arguments: {} } })).status).toBe(404);
  });

  it('file_read outside the document and skill folders is refused and reads nothing', async () => {
    for (const path of [join(outside, 'secret.txt'), `${docs}/../${outside.split('/').pop()}/secret.txt`, '/etc/passwd']) {
      const res = await tm.request('/api/tools/skill_read_any_run', { json: { arguments: { path } } });
      expect(res.json, path).toMatchObject({ success: false });
      expect(res.json.message).toMatch(/file_read: .*(only files in the household's document folder|"\.\.")/);
      expect(res.text).not.toContain('Tresorcode');
    }
  });

  it("OpenJarvis's pdf-summarize reads a PDF's text through the document reader", async () => {
    const res = await tm.request('/api/tools/skill_pdf_summarize_run', { json: { arguments: { pdf_path: 'versicherung.pdf' } } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.outputs.pdf_text).toMatch(/Hausratversicherung Police 7781[\s\S]*Beitrag jährlich 96 Euro/);
    // file_read reads the same PDF's text.
    const read = await tm.request('/api/tools/skill_read_any_run', { json: { arguments: { path: join(docs, 'versicherung.pdf') } } });
    expect(read.json.data.result).toContain('Hausratversicherung');
  });
});
