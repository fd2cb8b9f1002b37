import type { ReactNode } from 'react';

/**
 * Post bodies are kept in the dictionaries as lines: "## " starts a heading, "- " a list item,
 * anything else is a paragraph. Plain text only, so a translation cannot inject markup.
 */
export function PostBody({ lines }: { lines: string[] }) {
  const blocks: ReactNode[] = [];
  let list: string[] = [];
  const flushList = () => {
    if (list.length === 0) return;
    blocks.push(
      <ul key={`list-${blocks.length}`} className="mt-4 list-disc space-y-2 pl-6 leading-7 text-slate-700 marker:text-brand-500">
        {list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>,
    );
    list = [];
  };
  for (const line of lines) {
    if (line.startsWith('- ')) {
      list.push(line.slice(2));
      continue;
    }
    flushList();
    if (line.startsWith('## ')) {
      blocks.push(
        <h2 key={line} className="mt-10 text-2xl font-semibold tracking-tight text-slate-900">
          {line.slice(3)}
        </h2>,
      );
    } else {
      blocks.push(
        <p key={line} className="mt-4 leading-7 text-slate-700">
          {line}
        </p>,
      );
    }
  }
  flushList();
  return <>{blocks}</>;
}
