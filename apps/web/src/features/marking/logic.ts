import {
  MARKING_CODE_STATUSES,
  type MarkingCodeEntity,
  type MarkingCodeStatus,
  type MarkingRequest,
} from '@tms/domain';

/** How many codes stand in each status, in the statuses' order, those with none left out. */
export function statusCounts(
  codes: readonly Pick<MarkingCodeEntity, 'status'>[],
): [MarkingCodeStatus, number][] {
  const counts = new Map<MarkingCodeStatus, number>();
  for (const code of codes) counts.set(code.status, (counts.get(code.status) ?? 0) + 1);
  return MARKING_CODE_STATUSES.filter((status) => counts.has(status)).map((status) => [
    status,
    counts.get(status)!,
  ]);
}

export function codeStatusColor(status: MarkingCodeStatus): string {
  switch (status) {
    case 'NEW':
      return 'gray';
    case 'EMITTED':
      return 'blue';
    case 'APPLIED':
    case 'INTRODUCED':
      return 'teal';
    default:
      return 'dark';
  }
}

/** A queued call that already failed once is retrying: orange, not the plain blue of waiting. */
export function requestStateColor(request: Pick<MarkingRequest, 'state' | 'error'>): string {
  if (request.state === 'done') return 'teal';
  if (request.state === 'failed') return 'red';
  return request.error ? 'orange' : 'blue';
}

export interface CodeRefusal {
  /** The code's line in what was sent, from 1. */
  line: number;
  code: string;
  messages: string[];
}

/** The refused codes of an add (errors under `codes.<index>`), each with its line and text, in line order. */
export function codeRefusals(
  fields: Record<string, string[]> | null,
  sent: readonly string[],
): CodeRefusal[] {
  if (!fields) return [];
  return Object.entries(fields)
    .map(([path, messages]) => ({ match: /^codes\.(\d+)$/.exec(path), messages }))
    .filter((entry): entry is { match: RegExpExecArray; messages: string[] } => entry.match !== null)
    .map(({ match, messages }) => {
      const index = Number(match[1]);
      return { line: index + 1, code: sent[index] ?? '', messages };
    })
    .sort((a, b) => a.line - b.line);
}
