import * as v from 'valibot';

/** Longest accepted value of each field, in characters. */
export const contactLimits = { name: 200, email: 320, subject: 200, message: 5000 } as const;

export type ContactField = keyof typeof contactLimits;

/** Message keys under `contact.errors` in the dictionaries. */
export type ContactErrorKey = 'nameRequired' | 'emailRequired' | 'emailInvalid' | 'subjectRequired' | 'messageRequired' | 'tooLong';

const field = (required: ContactErrorKey, max: number) => v.pipe(v.optional(v.string(), ''), v.trim(), v.nonEmpty(required), v.maxLength(max, 'tooLong'));

/**
 * The contact form, checked with the same rules in the browser and on the server. `website` is
 * a honeypot: hidden from people, filled in by bots.
 */
export const contactSchema = v.object({
  name: field('nameRequired', contactLimits.name),
  email: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.nonEmpty('emailRequired'),
    // The spec's "basic email pattern": something@something.something, no spaces.
    v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'emailInvalid'),
    v.maxLength(contactLimits.email, 'tooLong'),
  ),
  subject: field('subjectRequired', contactLimits.subject),
  message: field('messageRequired', contactLimits.message),
  website: v.optional(v.string(), ''),
});

export type ContactMessage = v.InferOutput<typeof contactSchema>;

export type ContactValidation = { ok: true; value: ContactMessage } | { ok: false; errors: Partial<Record<ContactField, ContactErrorKey>> };

export function validateContact(input: unknown): ContactValidation {
  const result = v.safeParse(contactSchema, input, { abortPipeEarly: true });
  if (result.success) return { ok: true, value: result.output };
  const errors: Partial<Record<ContactField, ContactErrorKey>> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && key in contactLimits && !errors[key as ContactField]) {
      errors[key as ContactField] = issue.message as ContactErrorKey;
    }
  }
  return { ok: false, errors };
}
