import { encryptBlob, isSealedUnder, keyIdOf, seal, unseal } from './blob-cipher';

const OLD = 'the-key-before-the-rotation';
const NEW = 'the-key-after-the-rotation';

describe('seal and unseal (data at rest, decision 035)', () => {
  it('names the key it sealed under and opens under it', () => {
    const sealed = seal({ current: NEW }, '000123456789');
    expect(sealed.startsWith(`${keyIdOf(NEW)}:`)).toBe(true);
    expect(sealed).not.toContain('000123456789');
    expect(isSealedUnder(NEW, sealed)).toBe(true);
    expect(isSealedUnder(OLD, sealed)).toBe(false);
    expect(unseal({ current: NEW }, sealed)).toBe('000123456789');
  });

  it('opens what the previous key sealed during a rotation, and refuses a key it does not have', () => {
    const sealed = seal({ current: OLD }, 'text');
    expect(unseal({ current: NEW, previous: OLD }, sealed)).toBe('text');
    expect(() => unseal({ current: NEW }, sealed)).toThrow(/does not have/);
  });

  it('opens a value sealed before values named their key, under either key', () => {
    const legacy = encryptBlob(OLD, '987654321');
    expect(unseal({ current: NEW, previous: OLD }, legacy)).toBe('987654321');
    expect(unseal({ current: OLD }, legacy)).toBe('987654321');
    expect(() => unseal({ current: NEW }, legacy)).toThrow(/does not have/);
  });

  it('refuses an altered value', () => {
    const sealed = seal({ current: NEW }, 'text');
    const altered = `${sealed.slice(0, -4)}${sealed.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect(() => unseal({ current: NEW }, altered)).toThrow();
  });
});
