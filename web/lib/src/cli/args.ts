// Command-line parsing on node:util's parseArgs: strict flags, and values turned into numbers,
// lists and library options with usage errors (exit 2) that name the flag.
import { parseArgs } from 'node:util';

import { UsageError } from './failure.js';

type FlagSpec = { type: 'string' | 'boolean'; multiple?: boolean; short?: string };
export type FlagSpecs = Record<string, FlagSpec>;
export type FlagValues = Record<string, string | boolean | string[] | boolean[] | undefined>;

export interface ParsedCommandLine {
  flags: FlagValues;
  positionals: string[];
}

/** True when the arguments ask for help; checked before parsing so that `--help` always works. */
export function wantsHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

export function parseCommandLine(args: string[], specs: FlagSpecs, positionals: number): ParsedCommandLine {
  let parsed;
  try {
    parsed = parseArgs({ args, options: specs, strict: true, allowPositionals: true });
  } catch (error) {
    // parseArgs' messages are clear but span lines; an unknown option's goes on about positionals.
    const { code, message } = error as Error & { code?: string };
    const oneLine = message.replace(/\s*\n\s*/g, ' ');
    throw new UsageError(code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? oneLine.split('. ')[0] : oneLine);
  }
  if (parsed.positionals.length > positionals) {
    throw new UsageError(`unexpected argument "${parsed.positionals[positionals]}"`);
  }
  return { flags: parsed.values as FlagValues, positionals: parsed.positionals };
}

export function stringFlag(flags: FlagValues, name: string): string | undefined {
  return flags[name] as string | undefined;
}

export function listFlag(flags: FlagValues, name: string): string[] {
  return (flags[name] as string[] | undefined) ?? [];
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A finite decimal number ("1", "0.5", "1e-9"); anything else is a usage error naming the flag. */
export function numberFlag(flags: FlagValues, name: string): number | undefined {
  const text = stringFlag(flags, name);
  if (text === undefined) return undefined;
  const value = Number(text.trim());
  if (!NUMBER.test(text.trim()) || !Number.isFinite(value)) {
    throw new UsageError(`--${name} must be a number, got "${text}"`);
  }
  return value;
}

/** A comma-separated list ("age,sex, race"), without empty items. */
export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/**
 * The value of `--option key=value`, typed as the library expects it: numbers ("1e-9"), booleans
 * ("true", "false"), JSON arrays and objects ('["a","b"]'); anything else stays a string.
 */
export function optionValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (NUMBER.test(trimmed)) return Number(trimmed);
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed);
    } catch (error) {
      throw new UsageError(`the value "${text}" is not valid JSON: ${(error as Error).message}`);
    }
  }
  return text;
}

/** `key=value` pairs (repeated flags) as an object; `--option` and `--constant` use it. */
export function keyValuePairs(pairs: string[], flag: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    const key = equals < 0 ? '' : pair.slice(0, equals).trim();
    if (!key) throw new UsageError(`--${flag} needs key=value, got "${pair}"`);
    if (Object.hasOwn(result, key)) throw new UsageError(`--${flag} ${key} is given twice`);
    result[key] = optionValue(pair.slice(equals + 1));
  }
  return result;
}

/** A JSON object given on the command line (`--options-json`). */
export function jsonObjectFlag(flags: FlagValues, name: string): Record<string, unknown> {
  const text = stringFlag(flags, name);
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--${name} is not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`--${name} must be a JSON object such as '{"degree": 1}'`);
  }
  return value as Record<string, unknown>;
}
