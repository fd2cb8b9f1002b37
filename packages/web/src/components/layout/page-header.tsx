import type { ReactNode } from 'react';

/** The title band every page but the home starts with. */
export function PageHeader({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 via-white to-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h1>
        {lead && <p className="mt-4 text-base leading-7 text-pretty text-slate-600 sm:text-lg">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
