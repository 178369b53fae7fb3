// The bench's "stack floor" (scripts/bench.ts): the least an app on Toolscope's stack does for a
// deep link — React renders a virtualized list of every tool as the pages arrive from the walk
// (index.html), with the SDK's client created as an app creates it (it sends nothing: the walk has
// the pages). No Toolscope code: what is left between this and Toolscope is Toolscope's own.
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

interface Walk {
  pages: string[];
  listener?: () => void;
}
interface Tool {
  name: string;
  description?: string;
}

const server = new URLSearchParams(window.location.search).get('server') ?? '';
const walk = (window as unknown as { __walk: Walk }).__walk;
const protocol = {
  client: new Client({ name: 'stack-floor', version: '0' }),
  transport: new StreamableHTTPClientTransport(new URL(server)),
};

function ToolRows({ tools }: { tools: Tool[] }) {
  const parent = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({ count: tools.length, getScrollElement: () => parent.current, estimateSize: () => 48 });
  return (
    <div ref={parent} style={{ height: 700, overflow: 'auto' }}>
      <ul style={{ height: rows.getTotalSize(), position: 'relative' }}>
        {rows.getVirtualItems().map((row) => (
          <li key={row.key} style={{ position: 'absolute', top: row.start, height: 48 }}>
            <b>{tools[row.index]?.name}</b> {tools[row.index]?.description}
          </li>
        ))}
      </ul>
    </div>
  );
}

function App() {
  const [list, setList] = useState<{ tools: Tool[]; pages: number; done: boolean }>({ tools: [], pages: 0, done: false });
  useEffect(() => {
    const tools: Tool[] = [];
    let taken = 0;
    let shown = 0;
    let done = false;
    walk.listener = () => {
      for (; taken < walk.pages.length; taken++) {
        const text = walk.pages[taken] ?? '';
        if (text === 'end') done = true;
        else
          for (const tool of (JSON.parse(text) as { result: { tools: Tool[] } }).result.tools)
            tools.push({ name: tool.name, description: tool.description });
      }
      // As Toolscope: the first page at once, then at most every 100 ms.
      if (done || shown === 0 || performance.now() - shown >= 100) {
        shown = performance.now();
        setList({ tools: [...tools], pages: taken - (done ? 1 : 0), done });
      }
    };
    walk.listener();
  }, []);
  return (
    // The client is referenced, so the bundler keeps the whole SDK, as in an app that uses it.
    <main data-protocol={protocol.client ? 'sdk' : ''}>
      <p id="first">{list.tools[0]?.name}</p>
      <p id="count">{list.done ? `${list.tools.length} tools` : ''}</p>
      <ToolRows tools={list.tools} />
    </main>
  );
}

createRoot(document.getElementById('root') ?? document.body).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
