import { describe, expect, it } from 'vitest';
import { signUpError } from '@/features/auth/signUpValidation';

const form = (password: string) => ({ email: 'new@example.com', password, repeat: password });
const LENGTH = 'Password must be between 8 and 100 characters';

describe('password length counts characters as a learner sees them (code points, as the server does)', () => {
  it('four emoji are 4 characters, not the 8 UTF-16 units String.length counts', () => {
    expect('🦊🦊🦊🦊'.length).toBe(8);
    expect(signUpError(form('🦊🦊🦊🦊'))).toBe(LENGTH);
  });

  it('100 emoji are 100 characters and allowed; 101 are not', () => {
    expect(signUpError(form('🦊'.repeat(100)))).toBeNull();
    expect(signUpError(form('🦊'.repeat(101)))).toBe(LENGTH);
  });

  it('8 characters with emoji and spaces are allowed, 7 are not', () => {
    expect(signUpError(form(' 🦊 a b 🔋'))).toBeNull();
    expect(signUpError(form(' 🦊 a b '))).toBe(LENGTH);
  });
});

describe("the form's email rule is the server's (common/domain.ts), after spec 5's four", () => {
  const withEmail = (email: string) => ({ email, password: 'a long enough passphrase', repeat: 'a long enough passphrase' });
  const INVALID = 'Enter a valid email address, like name@example.com';

  it('refuses what the server refuses: no dot in the domain, markup, delimiters, control and bidirectional characters', () => {
    for (const email of ['name@localhost', '<script>alert(1)</script>@example.com', 'a,b@example.com', 'a b@example.com', 'a\u0000b@example.com', 'a\u202eb@example.com']) {
      expect(signUpError(withEmail(email)), email).toBe(INVALID);
    }
  });

  it('refuses invisible (format) characters and lone surrogates, as the server does at sign-up and sign-in', () => {
    for (const ch of ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\ud800']) {
      expect(signUpError(withEmail(`look${ch}alike@example.com`)), JSON.stringify(ch)).toBe(INVALID);
    }
  });

  it('accepts ordinary and internationalised addresses, with the spaces around them trimmed', () => {
    for (const email of ['name@example.com', ' Name.Surname+tag@Example.co.uk ', 'josé@correo.es', '学生@例子.中国']) {
      expect(signUpError(withEmail(email)), email).toBeNull();
    }
  });

  it("spec 5's rules come first: a too-long address says so, not that it is invalid", () => {
    expect(signUpError(withEmail(`${'a'.repeat(101)}`))).toBe('Email must be less than 100 characters');
  });
});
