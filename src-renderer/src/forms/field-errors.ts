// A refused form names the field at fault in the household's words. The limits come from
// the same JSON schemas the master validates with, so the inputs' maxlength/min/max and the
// server agree, and a schema error's path ("/title") says which field to mark.
import { HOME_TOOL_SPECS, type HomeToolName } from '../../../src-shared';
import { ApiError } from '../api';
import { t as translate } from '../i18n';

interface PropertySchema {
  readonly type?: string;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly anyOf?: readonly PropertySchema[];
}

function propertySchema(tool: HomeToolName, field: string): PropertySchema | undefined {
  const properties = HOME_TOOL_SPECS[tool].input_schema.properties as Readonly<Record<string, PropertySchema>> | undefined;
  const schema = properties?.[field];
  // {anyOf: [x, null]} (a value that may be cleared) has the limits of x.
  return schema?.anyOf?.find((s) => s.type !== 'null') ?? schema;
}

export interface InputLimits {
  maxLength?: number;
  min?: number;
  max?: number;
}

/** The input attributes of one tool argument: maxLength for text, min/max for numbers. */
export function inputLimits(tool: HomeToolName, field: string): InputLimits {
  const schema = propertySchema(tool, field);
  if (!schema) return {};
  if (schema.type === 'string') return schema.maxLength === undefined ? {} : { maxLength: schema.maxLength };
  const min = schema.minimum ?? schema.exclusiveMinimum;
  return { ...(min !== undefined ? { min } : {}), ...(schema.maximum !== undefined ? { max: schema.maximum } : {}) };
}

/** "/title" -> "title"; "/due/date" -> "due" (the form's field is the whole argument). */
export function fieldOfPath(path: string | undefined): string | undefined {
  const first = path?.split('/')[1];
  return first ? first : undefined;
}

export interface FieldRefusal {
  /** The tool argument at fault, when the master named one. */
  readonly field?: string;
  readonly message: string;
}

/** Why the value of `field` was refused, judged against its schema. */
function explainValue(tool: HomeToolName, field: string, value: unknown): string | undefined {
  const schema = propertySchema(tool, field);
  if (!schema) return undefined;
  if (typeof value === 'string') {
    if (value.trim() === '') return translate('forms.errors.blank');
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      return translate('forms.errors.tooLong', { max: schema.maxLength });
  }
  if (typeof value === 'number') {
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return translate('forms.errors.aboveZero');
    if (schema.minimum !== undefined && value < schema.minimum) return translate('forms.errors.tooSmall', { min: schema.minimum });
    if (schema.maximum !== undefined && value > schema.maximum) return translate('forms.errors.tooLarge', { max: schema.maximum });
  }
  return undefined;
}

const CODE_MESSAGES: Readonly<Record<string, string>> = {
  INVALID_TIME: 'forms.errors.invalidTime',
  NOT_FOUND: 'forms.errors.gone',
  CONFLICT: 'forms.errors.conflict',
  MANUAL_OVERRIDE: 'forms.errors.conflict',
  NAME_TAKEN: 'forms.errors.nameTaken',
};

/**
 * The field and a human sentence (in the UI's language) for a refused tool call. The
 * master's own message is German and technical ("/title must match pattern"), so it is
 * not shown; the schema and the value say what went wrong.
 */
export function explainRefusal(tool: HomeToolName, error: unknown, args: Readonly<Record<string, unknown>>): FieldRefusal {
  if (!(error instanceof ApiError)) return { message: translate('forms.errors.refused') };
  if (error.unreachable) return { message: translate('forms.errors.unreachable') };
  const field = fieldOfPath(error.path);
  const byValue = field ? explainValue(tool, field, args[field]) : undefined;
  const message = byValue ?? translate(CODE_MESSAGES[error.code] ?? (field ? 'forms.errors.invalid' : 'forms.errors.refused'));
  return field ? { field, message } : { message };
}
