import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { useDocumentMeta } from '../../seo/document-meta.tsx';
import { type Allowed, type ApiField, type ApiTool, apiErrors, apiLimits, apiTools, errorExample, ORIGIN_PLACEHOLDER, ocrSpaceApi } from './api-reference.ts';

const MB = 1024 * 1024;
const OPENAPI_PATH = '/api/v1/openapi.json';

/**
 * The site's address for the examples: prerendered as the placeholder the server replaces with its
 * own address (as in the canonical link), and read back from that link in the browser, so the
 * hydrated page says what its HTML said.
 */
function siteOrigin(): string {
  if (typeof document === 'undefined') return ORIGIN_PLACEHOLDER;
  try {
    return new URL(document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? '').origin;
  } catch {
    return window.location.origin;
  }
}

/**
 * A translated text whose `names` (fields, headers, codes) stay as they are, set in code. In a
 * span of its own and without empty parts: the prerendered HTML merges text nodes that touch,
 * which hydration would then split again.
 */
function Prose({ text }: { text: string }) {
  return (
    <span>
      {text
        .split(/(`[^`]+`)/)
        .filter(Boolean)
        .map((part, index) =>
          part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered.
            <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800">
              {part.slice(1, -1)}
            </code>
          ) : (
            part
          ),
        )}
    </span>
  );
}

function Code({ children, breakAll = false }: { children: ReactNode; breakAll?: boolean }) {
  return (
    <code
      className={`rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800 ${breakAll ? 'break-all sm:whitespace-nowrap sm:break-normal' : ''}`}
    >
      {children}
    </code>
  );
}

/** A command or JSON: scrolls sideways inside its own box, never widening the page. */
function CodeBlock({ children, testId, caption }: { children: string; testId?: string; caption?: string }) {
  const block = (
    <pre
      data-testid={testId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard to be scrolled.
      tabIndex={0}
      className="mt-3 max-w-full overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-sm leading-6 text-white"
    >
      <code>{children}</code>
    </pre>
  );
  if (!caption) return block;
  return (
    <figure className="mt-4">
      <figcaption className="text-sm font-medium text-slate-900">{caption}</figcaption>
      {block}
    </figure>
  );
}

function CodeList({ values }: { values: ReadonlyArray<string | number> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {values.map((value) => (
        <Code key={String(value)}>{String(value)}</Code>
      ))}
    </span>
  );
}

function AllowedValues({ allowed }: { allowed: Allowed }) {
  const { t } = useTranslation();
  const number = useNumber();
  switch (allowed.kind) {
    case 'values':
      return <CodeList values={allowed.values} />;
    case 'range':
      return <>{t('apiDocs.allowed.range', { min: allowed.min, max: allowed.max })}</>;
    case 'languages':
      return (
        <>
          <Prose text={t('apiDocs.allowed.languages', { most: allowed.most })} /> <CodeList values={allowed.codes} />
        </>
      );
    case 'color':
      return <Prose text={t('apiDocs.allowed.color')} />;
    case 'json-list':
      return <>{t('apiDocs.allowed.jsonList', { most: allowed.most })}</>;
    case 'text':
      return <>{t('apiDocs.allowed.text', { most: number(allowed.most) })}</>;
    default:
      return <>{t('apiDocs.allowed.any')}</>;
  }
}

function FieldTable({ fields, caption }: { fields: ApiField[]; caption: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              {t('apiDocs.field')}
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              {t('apiDocs.allowedValues')}
            </th>
            <th scope="col" className="py-1.5 font-medium">
              {t('apiDocs.default')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 align-top text-slate-700">
          {fields.map((field) => (
            <tr key={field.name} data-field={field.name}>
              <th scope="row" className="py-2 pr-3 font-normal">
                {/* On a phone a long name (isSearchablePdfHideTextLayer) breaks rather than widen the table; wider, names stay whole. */}
                <Code breakAll>{field.name}</Code>
              </th>
              <td className="py-2 pr-3">
                <AllowedValues allowed={field.allowed} />
              </td>
              <td className="py-2">
                {field.required ? t('apiDocs.required') : field.fallback === undefined || field.fallback === '' ? '—' : <Code>{String(field.fallback)}</Code>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One row of a tool's facts: a term and what the API does with it. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="font-medium text-slate-900">{term}</dt>
      <dd className="mt-1 min-w-0 text-slate-700 sm:mt-0">{children}</dd>
    </div>
  );
}

function ToolReference({ tool, origin }: { tool: ApiTool; origin: string }) {
  const { t } = useTranslation();
  const number = useNumber();
  const name = (t as unknown as (key: string) => string)(`tools.${tool.i18nKey}.name`);
  const { input } = tool;
  return (
    <section
      id={tool.slug}
      aria-labelledby={`${tool.slug}-title`}
      data-testid="api-tool"
      data-slug={tool.slug}
      className="scroll-mt-24 border-t border-slate-200 pt-8"
    >
      <h3 id={`${tool.slug}-title`} className="text-lg font-semibold text-slate-900">
        {name}
      </h3>
      <p className="mt-1 break-all font-mono text-sm text-brand-700">{`${tool.method} ${tool.path}`}</p>
      <dl className="mt-4 space-y-3 text-sm leading-6">
        {input.kind === 'files' ? (
          <>
            <Fact term={t('apiDocs.input')}>
              <Prose text={input.maxFiles > 1 ? t('apiDocs.filesInOrder', { min: input.minFiles, max: input.maxFiles }) : t('apiDocs.oneFile')} />
            </Fact>
            <Fact term={t('apiDocs.accepts')}>
              <span className="inline-flex flex-wrap gap-1">
                {input.accepts.map((type) => (
                  <Code key={type} breakAll>
                    {type}
                  </Code>
                ))}
              </span>
            </Fact>
            <Fact term={t('apiDocs.limits')}>
              <span data-testid="tool-limits">
                {[
                  t('apiDocs.maxSize', { mb: number(input.maxBytes / MB) }),
                  ...(input.maxPages === undefined
                    ? []
                    : [t(input.maxFiles > 1 ? 'apiDocs.maxPagesInAll' : 'apiDocs.maxPages', { pages: number(input.maxPages) })]),
                ].join(' · ')}
              </span>
            </Fact>
          </>
        ) : (
          <>
            <Fact term={t('apiDocs.input')}>
              <Prose text={t('apiDocs.textInput')} />
            </Fact>
            <Fact term={t('apiDocs.limits')}>
              <span data-testid="tool-limits">{t('apiDocs.maxLength', { characters: number(input.maxLength) })}</span>
            </Fact>
          </>
        )}
        <Fact term={t('apiDocs.options')}>
          {tool.options.length === 0 ? t('apiDocs.noOptions') : <FieldTable fields={tool.options} caption={t('apiDocs.optionsOf', { tool: name })} />}
        </Fact>
        <Fact term={t('apiDocs.answer')}>
          {tool.answers === 'codes' ? (
            <>
              <Prose text={t('apiDocs.answerCodes')} />
              <CodeBlock>{tool.answerExample!}</CodeBlock>
            </>
          ) : (
            <Prose text={t('apiDocs.answerFile')} />
          )}
        </Fact>
        <Fact term={t('apiDocs.errors')}>
          <a href="#errors" className="text-brand-700 underline underline-offset-2">
            {tool.errorStatuses.join(', ')}
          </a>
        </Fact>
      </dl>
      <CodeBlock testId="curl" caption={t('apiDocs.example')}>
        {tool.curl.replace(ORIGIN_PLACEHOLDER, origin)}
      </CodeBlock>
    </section>
  );
}

function useNumber() {
  const language = useLanguage();
  const format = new Intl.NumberFormat(language.tag);
  return (value: number) => format.format(value);
}

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="scroll-mt-24 text-xl font-semibold tracking-tight text-slate-900">
      {children}
    </h2>
  );
}

/** /api-docs: what the API takes and answers, tool by tool, with its limits, drawn from the OpenAPI document. */
export function ApiDocsPage() {
  const { t } = useTranslation();
  const number = useNumber();
  useDocumentMeta({ title: `${t('pageTitles.apiDocs')} – TextLift`, description: t('pageDescriptions.apiDocs') });
  const origin = siteOrigin();
  const toolName = (key: string) => (t as unknown as (key: string) => string)(`tools.${key}.name`);
  const contents = [
    { id: 'limits', label: t('apiDocs.limitsTitle') },
    { id: 'keys', label: t('apiDocs.keysTitle') },
    { id: 'errors', label: t('apiDocs.errorsTitle') },
    { id: 'tools', label: t('apiDocs.toolsTitle') },
    { id: 'ocr-space', label: t('apiDocs.ocrSpaceTitle') },
  ];
  return (
    <article>
      <PageHeader title={t('apiDocs.title')} lead={t('apiDocs.lead')}>
        <p className="mt-4 text-sm text-slate-600">
          {`${t('apiDocs.openapi')} `}
          <a href={OPENAPI_PATH} className="font-mono text-brand-700 underline underline-offset-2" data-testid="openapi-link">
            {OPENAPI_PATH}
          </a>
        </p>
      </PageHeader>
      <div className="mx-auto max-w-4xl space-y-12 px-4 py-12 sm:px-6 sm:py-16">
        <nav aria-labelledby="api-contents" className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="api-contents" className="text-sm font-semibold text-slate-900">
            {t('apiDocs.contents')}
          </h2>
          <ul className="mt-3 space-y-1.5 text-sm">
            {contents.map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                  {item.label}
                </a>
                {item.id === 'tools' && (
                  <ul className="mt-1.5 grid gap-x-6 gap-y-1 pl-4 sm:grid-cols-2">
                    {apiTools.map((tool) => (
                      <li key={tool.slug}>
                        <a href={`#${tool.slug}`} className="text-brand-700 underline-offset-2 hover:underline">
                          {toolName(tool.i18nKey)}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="limits" className="space-y-3 leading-7 text-slate-700">
          <SectionTitle id="limits">{t('apiDocs.limitsTitle')}</SectionTitle>
          <ul className="list-disc space-y-2 pl-5" data-testid="api-limits">
            <li>
              <Prose text={t('apiDocs.rateLimit', { requests: apiLimits.requestsPerMinute })} />
            </li>
            <li>
              <Prose text={t('apiDocs.jobTimeout', { seconds: apiLimits.jobTimeoutSeconds })} />
            </li>
            <li>
              <Prose text={t('apiDocs.busy')} />
            </li>
            <li>
              <Prose text={t('apiDocs.sizes')} />
            </li>
          </ul>
        </section>

        <section aria-labelledby="keys" className="space-y-3 leading-7 text-slate-700">
          <SectionTitle id="keys">{t('apiDocs.keysTitle')}</SectionTitle>
          <p data-testid="api-keys">
            <Prose text={t('apiDocs.keys')} />
          </p>
          <CodeBlock caption={t('apiDocs.example')}>{ocrSpaceApi.curl.key.replace(ORIGIN_PLACEHOLDER, origin)}</CodeBlock>
        </section>

        <section aria-labelledby="errors" className="space-y-3 leading-7 text-slate-700">
          <SectionTitle id="errors">{t('apiDocs.errorsTitle')}</SectionTitle>
          <p>
            <Prose text={t('apiDocs.errorShape')} />
          </p>
          <CodeBlock>{errorExample}</CodeBlock>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="api-errors">
              <thead className="text-slate-500">
                <tr>
                  <th scope="col" className="py-1.5 pr-4 font-medium">
                    {t('apiDocs.status')}
                  </th>
                  <th scope="col" className="py-1.5 font-medium">
                    {t('apiDocs.codes')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 align-top">
                {apiErrors.map((row) => (
                  <tr key={row.status}>
                    <th scope="row" className="py-2 pr-4 font-mono font-normal">
                      {row.status}
                    </th>
                    <td className="py-2">
                      <CodeList values={row.codes} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="tools" className="space-y-8">
          <div className="space-y-3 leading-7 text-slate-700">
            <SectionTitle id="tools">{t('apiDocs.toolsTitle')}</SectionTitle>
            <p>
              <Prose text={t('apiDocs.toolsLead')} />
            </p>
          </div>
          {apiTools.map((tool) => (
            <ToolReference key={tool.slug} tool={tool} origin={origin} />
          ))}
        </section>

        <section aria-labelledby="ocr-space" className="space-y-3 leading-7 text-slate-700" data-testid="ocr-space">
          <SectionTitle id="ocr-space">{t('apiDocs.ocrSpaceTitle')}</SectionTitle>
          <p>
            <Prose text={t('apiDocs.ocrSpaceLead')} />
          </p>
          <h3 className="pt-4 font-mono text-base font-semibold text-slate-900">POST /parse/image</h3>
          <p>
            <Prose text={t('apiDocs.ocrSpaceInputs', { types: ocrSpaceApi.contentTypes.join(', ') })} />{' '}
            {ocrSpaceApi.inputs.map((name, index) => (
              <Fragment key={name}>
                {index > 0 && ', '}
                <Code>{name}</Code>
              </Fragment>
            ))}
          </p>
          <p data-testid="ocr-space-limits">
            {[
              t('apiDocs.maxSize', { mb: number(ocrSpaceApi.maxBytes / MB) }),
              ...(ocrSpaceApi.maxPages === undefined ? [] : [t('apiDocs.maxPages', { pages: number(ocrSpaceApi.maxPages) })]),
            ].join(' · ')}
          </p>
          <p>
            <Prose text={t('apiDocs.ocrSpaceFields')} />
          </p>
          <FieldTable fields={ocrSpaceApi.fields} caption={t('apiDocs.ocrSpaceFields')} />
          <p>
            <Prose text={t('apiDocs.ocrSpaceLanguage')} />
          </p>
          <CodeBlock testId="curl" caption={t('apiDocs.example')}>
            {ocrSpaceApi.curl.image.replace(ORIGIN_PLACEHOLDER, origin)}
          </CodeBlock>
          <h3 className="pt-4 font-mono text-base font-semibold text-slate-900">GET /parse/imageurl</h3>
          <p>
            <Prose text={t('apiDocs.ocrSpaceImageUrl')} />
          </p>
          <CodeBlock testId="curl" caption={t('apiDocs.example')}>
            {ocrSpaceApi.curl.imageUrl.replace(ORIGIN_PLACEHOLDER, origin)}
          </CodeBlock>
          <h3 className="pt-4 text-base font-semibold text-slate-900">{t('apiDocs.answer')}</h3>
          <p>
            <Prose text={t('apiDocs.ocrSpaceAnswer')} />
          </p>
          <CodeBlock>{ocrSpaceApi.answerExample}</CodeBlock>
        </section>
      </div>
    </article>
  );
}
