import { describe, expect, it } from 'vitest';
import { isValidSchema } from '../platform/validation';
import { KANBAN_RECOMMEND_SCHEMA } from './kanban-organizer';
import { CANDIDATES_SCHEMA } from './task-scout';
import { PLAN_SCHEMA } from './workflow-planner';
import { CHAT_BODY } from './routes';

// Start-up compiles these without the meta-schema check; here they get it.
describe('assistant schemas', () => {
  it.each([
    ['workflow plan', PLAN_SCHEMA],
    ['kanban_recommend', KANBAN_RECOMMEND_SCHEMA],
    ['task scout candidates', CANDIDATES_SCHEMA],
    ['chat request body', CHAT_BODY],
  ])('%s is a valid strict JSON schema', (_name, schema) => {
    expect(isValidSchema(schema)).toEqual({ ok: true });
  });
});
