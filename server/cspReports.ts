// The browser's CSP violation reports for one app load (report-uri), kept per load until the page
// reads them. Each disposition has its own room: an app can post to its own origin, so a flood of
// forged report-only reports must never crowd out the browser's report of a load it blocked
// (audit 4, N3). Enforced reports are kept once per directive, address and sample; what does not
// fit is counted, never silently gone.
export interface CspReport {
  directive: string;
  blocked: string;
  disposition: 'enforce' | 'report';
  sample: string;
}

/** The browser's report (report-uri's `application/csp-report`), in the page's words. */
export function reportOf(body: string): CspReport | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const report = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)['csp-report'] : undefined;
  if (!report || typeof report !== 'object') return undefined;
  const field = (name: string) => {
    const value = (report as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : '';
  };
  const directive = (field('effective-directive') || field('violated-directive').split(' ')[0] || '').slice(0, 80);
  if (!directive) return undefined;
  return {
    directive,
    blocked: field('blocked-uri').slice(0, 300),
    disposition: field('disposition') === 'report' ? 'report' : 'enforce',
    sample: field('script-sample').slice(0, 80),
  };
}

const MAX_CHANNELS = 64;
const MAX_ENFORCED = 200;
const MAX_REPORT_ONLY = 100;

interface Channel {
  /** Append-only: the page reads what it has not seen by position. */
  reports: CspReport[];
  enforced: Set<string>;
  reportOnly: number;
  dropped: { enforce: number; report: number };
}

/** Reports per app session, bounded: the oldest session is dropped first. */
export class Reports {
  private channels = new Map<string, Channel>();
  add(token: string, report: CspReport) {
    let channel = this.channels.get(token);
    if (!channel) {
      channel = { reports: [], enforced: new Set(), reportOnly: 0, dropped: { enforce: 0, report: 0 } };
      this.channels.set(token, channel);
      const oldest = this.channels.keys().next().value;
      if (this.channels.size > MAX_CHANNELS && oldest !== undefined) this.channels.delete(oldest);
    }
    if (report.disposition === 'report') {
      if (channel.reportOnly >= MAX_REPORT_ONLY) return void channel.dropped.report++;
      channel.reportOnly++;
    } else {
      // Its sample too: a library's eval probe and the app's own eval are both "eval" in script-src.
      const key = `${report.directive} ${report.blocked} ${report.sample}`;
      if (channel.enforced.has(key)) return;
      if (channel.enforced.size >= MAX_ENFORCED) return void channel.dropped.enforce++;
      channel.enforced.add(key);
    }
    channel.reports.push(report);
  }
  get(token: string) {
    const channel = this.channels.get(token);
    return { reports: channel?.reports ?? [], dropped: channel?.dropped ?? { enforce: 0, report: 0 } };
  }
}
