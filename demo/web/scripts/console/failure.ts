/**
 * Failures in plain words. The service's validation Messages hold one problem a line, each starting with the field
 * it is about ("ChatBubbleColor: must be…", "Images[1]: must be…", "ExtensionColumn[0].Key: …"), so a form can put
 * each next to its field.
 */
import { isServiceError } from '../../../../src/api/index';

export interface FieldProblem {
  /** The top-level field, e.g. "Images". */
  field: string;
  /** The row of a list field, e.g. 1 for "Images[1]". */
  index?: number;
  /** The part of a row, e.g. "Key" for "ExtensionColumn[0].Key". */
  part?: string;
  /** What is wrong, starting with a capital letter, e.g. "Must be an absolute http(s) URL". */
  text: string;
}

const FIELD_MESSAGE = /^([A-Za-z][A-Za-z0-9]*)(?:\[(\d+)\])?(?:\.([A-Za-z][A-Za-z0-9]*))?:\s*(.+)$/s;

/** The field a service Message names, or undefined when it names none. */
export function fieldProblem(message: string): FieldProblem | undefined {
  const match = FIELD_MESSAGE.exec(message.trim());
  if (!match) return undefined;
  const [, field = '', index, part, rest = ''] = match;
  const text = rest.charAt(0).toUpperCase() + rest.slice(1);
  return {
    field,
    text,
    ...(index === undefined ? {} : { index: Number(index) }),
    ...(part === undefined ? {} : { part }),
  };
}

/** Every field problem a service Message names, one a line; [] when a line names no field (then the Message is one whole). */
export function fieldProblems(message: string): FieldProblem[] {
  const problems = message
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => fieldProblem(line));
  return problems.length > 0 && problems.every((problem) => problem !== undefined) ? (problems as FieldProblem[]) : [];
}

/** One sentence (or two) a person can act on. */
export function describeFailure(error: unknown, doing: string): string {
  if (isServiceError(error)) {
    switch (error.kind) {
      case 'network':
        return `Could not ${doing}: the demo site cannot be reached. Is \`npm run demo\` still running?`;
      case 'aborted':
        return `Stopped before the service could ${doing}.`;
      case 'malformed':
        return `Could not ${doing}: the answer could not be read. ${error.message}`;
      default:
        return `Could not ${doing}: ${error.serviceMessage || error.message}`;
    }
  }
  return `Could not ${doing}: ${error instanceof Error ? error.message : String(error)}`;
}

/** The service's own Message of a business failure, when there is one. */
export function serviceMessageOf(error: unknown): string | undefined {
  return isServiceError(error) && (error.kind === 'business' || error.kind === 'http') ? error.serviceMessage : undefined;
}
