import { describe, expect, it } from 'vitest';
import { HOST_PROFILES, buildAppCsp, isEvalProbe, originFinding, strictFinding } from './appHosts.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

describe('buildAppCsp: the strict profile (the spec’s minimum)', () => {
  it('is closed when nothing is declared: no network, no frames, no plugins, no eval, no blob: workers', () => {
    const { policy } = buildAppCsp(undefined, 'strict');
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("worker-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'script-src')).not.toMatch(/blob:|data:/);
    expect(policy.split('; ')).toHaveLength(11);
  });

  it('adds declared origins to their directives only', () => {
    const { policy, rejected } = buildAppCsp(
      {
        connectDomains: ['https://api.example.com'],
        resourceDomains: ['https://*.cdn.example.com'],
        frameDomains: ['https://maps.example.com:8443'],
      },
      'strict',
    );
    expect(policy).toContain('connect-src https://api.example.com');
    expect(policy).toMatch(/img-src [^;]*https:\/\/\*\.cdn\.example\.com/);
    expect(policy).toMatch(/script-src [^;]*https:\/\/\*\.cdn\.example\.com/);
    expect(policy).toContain('frame-src https://maps.example.com:8443');
    expect(rejected).toEqual([]);
  });
});

describe('buildAppCsp: the reference profile (ext-apps basic-host)', () => {
  it('allows what basic-host allows: eval, blob:/data: scripts, blob: workers, its own origin', () => {
    const { policy } = buildAppCsp(undefined);
    expect(directive(policy, 'default-src')).toBe("default-src 'self' 'unsafe-inline'");
    expect(directive(policy, 'script-src')).toContain("'unsafe-eval'");
    expect(directive(policy, 'script-src')).toContain("'wasm-unsafe-eval'");
    expect(directive(policy, 'script-src')).toMatch(/blob: data:/);
    expect(directive(policy, 'worker-src')).toContain('blob:');
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(policy, 'frame-src')).toBe("frame-src 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'none'");
    expect(policy.split('; ')).toHaveLength(11);
  });

  it('opens no network beyond what is declared', () => {
    const { policy } = buildAppCsp({ connectDomains: ['https://api.example.com'] });
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://api.example.com");
    expect(policy).not.toMatch(/https: |wss: |\*/);
  });
});

describe('buildAppCsp: declarations', () => {
  it.each(['reference', 'strict'] as const)('lets no declaration add a directive or a keyword (%s)', (profile) => {
    const attempts = [
      "https://a.example; script-src 'unsafe-eval'",
      "'unsafe-eval'",
      'https://a.example https://b.example',
      '*',
      'data:',
      'javascript:alert(1)',
      'https://a.example/\u0000',
      "https://a.example';",
    ];
    const { policy, rejected } = buildAppCsp({ connectDomains: attempts, resourceDomains: attempts }, profile);
    expect(policy).not.toContain('javascript');
    expect(policy).not.toContain('a.example');
    expect(policy.split('; ')).toHaveLength(11);
    expect(rejected).toHaveLength(attempts.length * 2);
    if (profile === 'strict') expect(policy).not.toContain('unsafe-eval');
  });
});

describe('host profiles', () => {
  it('never give the app the page’s origin: strict is opaque, reference is the sandbox frame’s', () => {
    expect(HOST_PROFILES.strict.frameSandbox.split(' ')).not.toContain('allow-same-origin');
    expect(HOST_PROFILES.reference.frameSandbox.split(' ')).toContain('allow-same-origin');
    for (const profile of Object.values(HOST_PROFILES)) {
      expect(profile.frameSandbox).not.toContain('allow-top-navigation');
      expect(profile.frameSandbox).not.toContain('allow-popups-to-escape');
      expect(profile.source).toMatch(/^https:\/\/github\.com\/modelcontextprotocol\/ext-apps\//);
    }
  });

  it('names what the strict profile blocks, from either side', () => {
    expect(strictFinding('script-src', 'eval', 'reference')?.text).toMatch(/allowed here.*blocks it \(script-src\)/);
    expect(strictFinding('script-src', 'eval', 'strict')?.text).toMatch(/blocked by the strict profile.*reference host allows it/);
    expect(strictFinding('worker-src', 'blob:http://127.0.0.1:5/x', 'reference')).toMatchObject({
      directive: 'worker-src',
      what: 'blob:http://127.0.0.1:5/x',
    });
    expect(strictFinding('script-src-elem', 'data', 'reference')?.text).toMatch(/a data: script/);
    // An empty function is a library's probe (zod's allowsEval), not a use: no finding.
    const probe = '(function anonymous(\n) {\n\n})';
    expect(isEvalProbe('eval', probe)).toBe(true);
    expect(strictFinding('script-src', 'eval', 'strict', probe)).toBeUndefined();
    // zod's fast path runs only after its probe passed (budget-allocator's app): guarded, no finding.
    expect(strictFinding('script-src', 'eval', 'reference', '(function anonymous(shape,payload,ctx\n) {\nconst input')).toBeUndefined();
    const use = strictFinding('script-src', 'eval', 'strict', '(function anonymous(THREE,canvas\n) {\nconst scene');
    expect(use?.what).toBe('eval — (function anonymous(THREE,canvas ) { const scene');
    expect(use?.evidence).toBe('(function anonymous(THREE,canvas ) { const scene');
    // A load no profile tells apart is not a profile finding.
    expect(strictFinding('img-src', 'https://x.example/a.png', 'strict')).toBeUndefined();
    expect(strictFinding('script-src-elem', 'https://cdn.example/a.js', 'strict')).toBeUndefined();
  });

  it('takes an opaque-origin error for what it is, and nothing else', () => {
    expect(originFinding("SecurityError: Failed to read a named property 'document' from 'Window'")?.directive).toBe('origin');
    expect(originFinding("Failed to read the 'localStorage' property from 'Window'")).toBeDefined();
    expect(originFinding('TypeError: x is undefined')).toBeUndefined();
  });
});
