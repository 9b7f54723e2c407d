import type { DeclaredReport, ReportChart } from '@tms/domain';

/**
 * The filters of a report as its address holds them, the declaration's defaults under them: what the
 * screen shows and asks the server for (the server applies the same defaults).
 */
export function filtersOf(
  report: DeclaredReport,
  params: URLSearchParams,
  today: string,
): Record<string, string> {
  const values: Record<string, string> = { ...report.defaults(today) };
  for (const filter of report.filters) {
    const value = params.get(filter.name);
    if (value !== null && value !== '') values[filter.name] = value;
  }
  return values;
}

/**
 * The address after a filter changed: a value equal to the default, or empty, leaves the address (so a bare
 * address keeps meaning "the defaults"); other parameters stay.
 */
export function withFilter(
  report: DeclaredReport,
  params: URLSearchParams,
  today: string,
  name: string,
  value: string | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '' || report.defaults(today)[name] === value) next.delete(name);
  else next.set(name, value);
  return next;
}

/** Today in the browser's calendar, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A waterfall's steps as stacked bars: each step floats on an invisible base at the running figure (a rise
 * from it up, a fall from it down); a subtotal stands on zero and becomes the running figure.
 */
export function waterfallBars(data: ReportChart['data']) {
  let running = 0;
  return data.map((step) => {
    const value = Number(step.value);
    const bar = { category: String(step.category), base: 0, rise: 0, fall: 0, total: 0 };
    if (Number(step.total) === 1) {
      running = value;
      return { ...bar, total: value };
    }
    const end = running + value;
    const bars = { ...bar, base: Math.min(running, end), [value >= 0 ? 'rise' : 'fall']: Math.abs(value) };
    running = end;
    return bars;
  });
}
