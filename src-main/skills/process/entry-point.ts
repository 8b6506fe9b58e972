import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, relative, resolve } from 'node:path';
import { SKILL_ERROR_CODES } from '../../../src-shared';

export interface EntryPoint {
  /** Absolute path of the program to start. */
  readonly file: string;
  /** True when the manifest names a program outside the skill folder. */
  readonly system: boolean;
}

export class EntryPointError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'EntryPointError';
  }
}

export interface EntryPointPolicy {
  /** The manifest's permissions.system_exec. */
  readonly manifestAllows: boolean;
  /** JARVIS_SKILL_ALLOW_SYSTEM_EXEC. */
  readonly hostAllows: boolean;
  /** PATH to look system commands up in. */
  readonly path: string;
}

/** `python3`, `node`, `/bin/sh`: a bare name or an absolute path names a system command. */
export function isSystemCommand(command: string): boolean {
  return isAbsolute(command) || !/[\\/]/.test(command);
}

function isInside(root: string, file: string): boolean {
  const rel = relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

function executable(file: string): boolean {
  try {
    return statSync(file).isFile() && (accessSync(file, constants.X_OK), true);
  } catch {
    return false;
  }
}

const pathLookups = new Map<string, string | undefined>();

function lookUp(command: string, path: string): string | undefined {
  const key = `${path}\0${command}`;
  if (pathLookups.has(key)) return pathLookups.get(key);
  let found: string | undefined;
  if (isAbsolute(command)) found = executable(command) ? command : undefined;
  else {
    for (const dir of path.split(delimiter)) {
      if (!dir) continue;
      const candidate = join(dir, command);
      if (executable(candidate)) {
        found = candidate;
        break;
      }
    }
  }
  pathLookups.set(key, found);
  return found;
}

/**
 * a skill's own executable must lie inside its
 * folder (no `..`, no symlink that leads out); a system command needs both the manifest's
 * permissions.system_exec and JARVIS_SKILL_ALLOW_SYSTEM_EXEC=true.
 */
export function resolveEntryPoint(skillDir: string, command: string, policy: EntryPointPolicy): EntryPoint {
  if (isSystemCommand(command)) {
    if (!policy.manifestAllows || !policy.hostAllows) {
      const missing = !policy.manifestAllows
        ? 'the manifest does not declare permissions.system_exec'
        : 'JARVIS_SKILL_ALLOW_SYSTEM_EXEC is not true';
      throw new EntryPointError(SKILL_ERROR_CODES.systemExecDenied, `system command "${command}" is not allowed: ${missing}`);
    }
    const file = lookUp(command, policy.path);
    if (!file) throw new EntryPointError(SKILL_ERROR_CODES.entryPoint, `system command "${command}" was not found on PATH`);
    return { file, system: true };
  }
  if (command.split(/[\\/]/).includes('..')) {
    throw new EntryPointError(SKILL_ERROR_CODES.entryPoint, `entry point "${command}" must not contain ".."`);
  }
  let root: string;
  let file: string;
  try {
    root = realpathSync(skillDir);
    file = realpathSync(resolve(skillDir, command));
  } catch {
    throw new EntryPointError(SKILL_ERROR_CODES.entryPoint, `entry point "${command}" does not exist in the skill folder`);
  }
  if (!isInside(root, file)) {
    throw new EntryPointError(SKILL_ERROR_CODES.entryPoint, `entry point "${command}" resolves outside the skill folder`);
  }
  if (!executable(file)) throw new EntryPointError(SKILL_ERROR_CODES.entryPoint, `entry point "${command}" is not an executable file`);
  return { file, system: false };
}
