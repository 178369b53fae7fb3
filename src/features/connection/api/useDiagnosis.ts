import { useMutation } from '@tanstack/react-query';
import { runDiagnosis, type ProxySession } from '../../../mcp/wire/proxy.ts';

/** The connection doctor, run on demand through Toolscope's own server. */
export function useDiagnosis(session: ProxySession, url: string) {
  return useMutation({ mutationKey: ['diagnosis', url], mutationFn: () => runDiagnosis(session, url) });
}
