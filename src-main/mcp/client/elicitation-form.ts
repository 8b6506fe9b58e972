import type { McpQuestionField } from '../../../src-shared';

const MAX_FIELDS = 20;
const MAX_TEXT = 500;

type Json = Record<string, unknown>;

function text(value: unknown, max = MAX_TEXT): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined;
}

/**
 * The fields of an elicitation's requested schema (a flat object of strings, numbers,
 * booleans and single choices, as the MCP specification allows) as the app shows them.
 * Undefined when a field the server requires is of a kind the app cannot ask for: the
 * question is then declined instead of answered half.
 */
export function formFieldsOf(schema: unknown): McpQuestionField[] | undefined {
  const s = (schema ?? {}) as Json;
  const properties = (s.properties && typeof s.properties === 'object' ? s.properties : {}) as Json;
  const required = new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : []);
  const fields: McpQuestionField[] = [];
  for (const [name, raw] of Object.entries(properties).slice(0, MAX_FIELDS)) {
    const field = fieldOf(name.slice(0, 100), (raw ?? {}) as Json, required.has(name));
    if (field) fields.push(field);
    else if (required.has(name)) return undefined;
  }
  return fields;
}

function fieldOf(name: string, p: Json, required: boolean): McpQuestionField | undefined {
  const base = {
    name,
    title: text(p.title, 120) ?? name,
    ...(text(p.description) ? { description: text(p.description)! } : {}),
    required,
  };
  const options = optionsOf(p);
  if (options) {
    const def = typeof p.default === 'string' && options.some((o) => o.value === p.default) ? { default: p.default } : {};
    return { ...base, type: 'choice', options, ...def };
  }
  const type = p.type;
  if (type === 'string')
    return { ...base, type: 'string', ...(typeof p.default === 'string' ? { default: p.default.slice(0, MAX_TEXT) } : {}) };
  if (type === 'number' || type === 'integer')
    return { ...base, type, ...(typeof p.default === 'number' && Number.isFinite(p.default) ? { default: p.default } : {}) };
  if (type === 'boolean') return { ...base, type: 'boolean', ...(typeof p.default === 'boolean' ? { default: p.default } : {}) };
  return undefined;
}

/** `enum` (with the older `enumNames` as labels) or `oneOf` of `{const, title}`. */
function optionsOf(p: Json): { value: string; label: string }[] | undefined {
  if (Array.isArray(p.enum)) {
    const names = Array.isArray(p.enumNames) ? p.enumNames : [];
    const values = p.enum.filter((v): v is string => typeof v === 'string').slice(0, 50);
    return values.map((value, i) => ({ value, label: text(names[i], 120) ?? value }));
  }
  if (Array.isArray(p.oneOf)) {
    const out: { value: string; label: string }[] = [];
    for (const o of p.oneOf.slice(0, 50) as Json[])
      if (typeof o?.const === 'string') out.push({ value: o.const, label: text(o.title, 120) ?? o.const });
    return out.length ? out : undefined;
  }
  return undefined;
}
