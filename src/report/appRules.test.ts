import { describe, expect, it } from 'vitest';
import { appCspFindings } from './appRules.ts';

describe('app-csp-undeclared', () => {
  it('names each undeclared origin once per tool and directive, with the field to declare it in', () => {
    const findings = appCspFindings([
      { tool: 'show_panel', directive: 'connect-src', blocked: 'https://api.example.com/v1/data' },
      { tool: 'show_panel', directive: 'connect-src', blocked: 'https://api.example.com/v2/other' },
      { tool: 'show_panel', directive: 'img-src', blocked: 'https://cdn.example.com/logo.png' },
    ]);
    expect(findings.map((finding) => [finding.tool, finding.fix])).toEqual([
      ['show_panel', 'Add "https://api.example.com" to _meta.ui.csp.connectDomains of the UI resource, or stop loading it.'],
      ['show_panel', 'Add "https://cdn.example.com" to _meta.ui.csp.resourceDomains of the UI resource, or stop loading it.'],
    ]);
  });

  it('is not said for an eval or inline block: no declaration can allow those', () => {
    expect(
      appCspFindings([
        { tool: 't', directive: 'script-src', blocked: 'eval' },
        { tool: 't', directive: 'style-src', blocked: 'inline' },
      ]),
    ).toEqual([]);
  });
});
