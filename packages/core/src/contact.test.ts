import { expect, test } from 'vitest';
import { validateContact } from './contact.ts';

const valid = { name: 'Ana', email: 'ana@example.com', subject: 'Hello', message: 'It works.' };

test('a complete message passes, trimmed', () => {
  expect(validateContact({ ...valid, name: '  Ana  ' })).toEqual({ ok: true, value: { ...valid, website: '' } });
});

test('each empty field gets the spec message key', () => {
  expect(validateContact({})).toEqual({
    ok: false,
    errors: { name: 'nameRequired', email: 'emailRequired', subject: 'subjectRequired', message: 'messageRequired' },
  });
  expect(validateContact({ name: ' ', email: '  ', subject: '\n', message: '\t' })).toMatchObject({
    errors: { name: 'nameRequired', email: 'emailRequired', subject: 'subjectRequired', message: 'messageRequired' },
  });
});

test('an address without @ or domain is invalid', () => {
  for (const email of ['ana', 'ana@', 'ana@example', 'a b@example.com']) {
    expect(validateContact({ ...valid, email })).toEqual({ ok: false, errors: { email: 'emailInvalid' } });
  }
});

test('over-long values and non-string fields are refused', () => {
  expect(validateContact({ ...valid, message: 'x'.repeat(5001) })).toEqual({ ok: false, errors: { message: 'tooLong' } });
  expect(validateContact({ ...valid, name: 42 }).ok).toBe(false);
});
