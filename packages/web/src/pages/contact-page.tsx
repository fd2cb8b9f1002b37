import { Clock, FileQuestion, Loader2, Send, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contactLimits, validateContact, type ContactErrorKey, type ContactField } from '@textlift/core/contact';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent } from '../components/ui/card.tsx';
import { showToast } from '../components/ui/toaster.tsx';
import { cn } from '../lib/cn.ts';
import { useDocumentMeta } from '../seo/document-meta.tsx';

type Values = Record<ContactField | 'website', string>;
const empty: Values = { name: '', email: '', subject: '', message: '', website: '' };

const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-invalid:border-red-500 aria-invalid:ring-red-500/20';

export function ContactPage() {
  const { t } = useTranslation();
  useDocumentMeta({ title: `${t('pageTitles.contact')} – TextLift`, description: t('pageDescriptions.contact') });
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<ContactField, ContactErrorKey>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);

  const update = (field: keyof Values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, messages follow the typing so a fixed field clears at once.
    if (submitted) {
      const result = validateContact(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validateContact(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      if (first) document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const response = await fetch('/api/v1/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(values),
      });
      if (response.ok) {
        showToast({ variant: 'success', title: t('contact.success') });
        setValues(empty);
        setSubmitted(false);
      } else if (response.status === 429) {
        showToast({ variant: 'destructive', title: t('contact.tooMany') });
      } else {
        const body = (await response.json().catch(() => ({}))) as { error?: { fields?: typeof errors } };
        if (body.error?.fields) setErrors(body.error.fields);
        showToast({ variant: 'destructive', title: t('contact.failure') });
      }
    } catch {
      showToast({ variant: 'destructive', title: t('contact.failure') });
    } finally {
      setSending(false);
    }
  };

  const fieldProps = (field: ContactField) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    maxLength: contactLimits[field],
    onChange: (event: { target: { value: string } }) => update(field, event.target.value),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `contact-${field}-error` : undefined,
    className: inputClass,
  });

  const fieldError = (field: ContactField) =>
    errors[field] && (
      <p id={`contact-${field}-error`} className="mt-1.5 text-sm font-medium text-red-600" data-testid={`error-${field}`}>
        {t(`contact.errors.${errors[field]}`, { max: contactLimits[field] })}
      </p>
    );

  const label = (field: ContactField, text: string) => (
    <label htmlFor={`contact-${field}`} className="mb-1.5 block text-sm font-medium text-slate-900">
      {text}
    </label>
  );

  return (
    <>
      <PageHeader title={t('contact.title')} lead={t('contact.lead')} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_2fr]">
        <Card className="h-fit">
          <CardContent className="space-y-6">
            <h2 className="text-lg font-semibold text-slate-900">{t('contact.detailsTitle')}</h2>
            {[
              { icon: Clock, label: t('contact.responseLabel'), text: t('contact.response') },
              { icon: FileQuestion, label: t('contact.problemLabel'), text: t('contact.problem') },
              { icon: ShieldCheck, label: t('contact.storedLabel'), text: t('contact.stored') },
            ].map(({ icon: Icon, label: title, text }) => (
              <div key={title} className="flex gap-3">
                <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-inset ring-brand-100">
                  <Icon className="size-5" aria-hidden />
                </span>
                <div>
                  <p className="text-sm font-semibold text-slate-900">{title}</p>
                  <p className="text-sm text-slate-600">{text}</p>
                </div>
              </div>
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <h2 className="text-lg font-semibold text-slate-900">{t('contact.formTitle')}</h2>
            <form noValidate onSubmit={submit} className="mt-6 grid gap-5 sm:grid-cols-2" data-testid="contact-form">
              <div>
                {label('name', t('contact.name'))}
                <input type="text" autoComplete="name" placeholder={t('contact.namePlaceholder')} {...fieldProps('name')} />
                {fieldError('name')}
              </div>
              <div>
                {label('email', t('contact.emailField'))}
                <input type="email" autoComplete="email" placeholder={t('contact.emailPlaceholder')} {...fieldProps('email')} />
                {fieldError('email')}
              </div>
              <div className="sm:col-span-2">
                {label('subject', t('contact.subject'))}
                <input type="text" placeholder={t('contact.subjectPlaceholder')} {...fieldProps('subject')} />
                {fieldError('subject')}
              </div>
              <div className="sm:col-span-2">
                {label('message', t('contact.message'))}
                <textarea rows={6} placeholder={t('contact.messagePlaceholder')} {...fieldProps('message')} className={cn(inputClass, 'resize-y')} />
                {fieldError('message')}
              </div>
              {/* Hidden from people and from assistive technology; bots fill it in. */}
              <div className="absolute -left-[9999px] size-px overflow-hidden" aria-hidden>
                <label htmlFor="contact-website">{t('contact.honeypot')}</label>
                <input
                  id="contact-website"
                  name="website"
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                  value={values.website}
                  onChange={(event) => update('website', event.target.value)}
                />
              </div>
              <div className="sm:col-span-2">
                <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
                  {sending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Send className="size-4" aria-hidden />}
                  {sending ? t('contact.sending') : t('contact.send')}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
