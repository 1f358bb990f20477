// A refused request's zod issues as field issues: a path and a rule the renderer words beside the field in the
// seller's language, instead of "profiles.1.apiBaseUrl: a live profile needs an http(s) URL".
import type { z } from 'zod';
import { FIELD_RULES } from '../contract';
import type { FieldIssue, FieldRule } from '../contract';

const RULES = new Set<string>(FIELD_RULES);

/** What a schema's own refinements name as their rule: `params: { rule: 'http-url' }`. */
export function ruleParams(rule: FieldRule): { params: { rule: FieldRule } } {
  return { params: { rule } };
}

function issueOf(issue: z.core.$ZodIssue): FieldIssue {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const at = (rule: FieldRule, limit?: number): FieldIssue =>
    limit === undefined ? { path, rule } : { path, rule, limit };
  switch (issue.code) {
    case 'custom': {
      const { rule, limit } = (issue.params ?? {}) as { rule?: unknown; limit?: unknown };
      return at(
        typeof rule === 'string' && RULES.has(rule) ? (rule as FieldRule) : 'invalid',
        typeof limit === 'number' ? limit : undefined,
      );
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'number' || issue.origin === 'int') return at('too-small', min);
      return at('required');
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'number' || issue.origin === 'int') return at('too-large', max);
      if (issue.origin === 'array' || issue.origin === 'set') return at('too-many', max);
      return at('too-long', max);
    }
    case 'invalid_type':
      if (issue.expected === 'int') return at('whole-number');
      if (issue.expected === 'number') return at('number');
      return at('invalid');
    case 'invalid_value':
    case 'invalid_union':
      return at('choice');
    default:
      return at('invalid');
  }
}

export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map(issueOf);
}

/**
 * A value zod refused (a settings patch the store cannot save): the English detail for logs and every refused
 * field for the form. It carries its code like the other errors of the layers under the host, which sends it as
 * INVALID_ARGUMENT with its issues.
 */
export class InvalidValueError extends Error {
  readonly deskCode = 'INVALID_ARGUMENT';
  readonly detail: string;
  readonly issues: FieldIssue[];
  constructor(message: string, error: z.ZodError, subject: string) {
    super(message);
    this.name = 'InvalidValueError';
    this.detail = error.issues.map((i) => `${i.path.join('.') || subject}: ${i.message}`).join('; ');
    this.issues = fieldIssues(error);
  }
}
