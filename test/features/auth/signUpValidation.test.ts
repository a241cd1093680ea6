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
