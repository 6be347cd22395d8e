import { escapeXml } from '../../../../server/src/core/files/xml';

describe('escapeXml', () => {
  it('escapes the five predefined entities', () => {
    expect(escapeXml('&')).toBe('&amp;');
    expect(escapeXml('<')).toBe('&lt;');
    expect(escapeXml('>')).toBe('&gt;');
    expect(escapeXml('"')).toBe('&quot;');
    expect(escapeXml("'")).toBe('&apos;');
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('escapes every occurrence, and an ampersand already escaped again (text, not markup)', () => {
    expect(escapeXml('&&&')).toBe('&amp;&amp;&amp;');
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });

  it('returns text with nothing to escape unchanged', () => {
    for (const text of [
      '',
      'https://example.com/blog/hello-world',
      'caf%C3%A9',
      'café 日本 😀',
      'tab\tnewline\ncr\r',
    ]) {
      expect(escapeXml(text)).toBe(text);
    }
  });

  it('keeps tab, line feed and carriage return, which XML 1.0 allows', () => {
    expect(escapeXml('a\tb\nc\rd')).toBe('a\tb\nc\rd');
  });

  it('drops the C0 control characters XML 1.0 forbids', () => {
    const forbidden = [];
    for (let code = 0; code < 0x20; code++)
      if (code !== 0x09 && code !== 0x0a && code !== 0x0d)
        forbidden.push(String.fromCharCode(code));
    expect(forbidden).toHaveLength(29);
    for (const char of forbidden) expect(escapeXml(`a${char}b`)).toBe('ab');
    expect(escapeXml(`x${forbidden.join('')}y`)).toBe('xy');
  });

  it('drops U+FFFE and U+FFFF', () => {
    expect(escapeXml('a\uFFFEb\uFFFFc')).toBe('abc');
  });

  it('keeps DEL and C1 characters, which XML 1.0 allows', () => {
    expect(escapeXml('a\u007F\u0085b')).toBe('a\u007F\u0085b');
  });

  it('drops lone surrogates, high or low, anywhere in the text', () => {
    expect(escapeXml('a\uD800b')).toBe('ab');
    expect(escapeXml('a\uDC00b')).toBe('ab');
    expect(escapeXml('\uD83D')).toBe('');
    expect(escapeXml('end\uD83D')).toBe('end');
    expect(escapeXml('\uDE00start')).toBe('start');
    expect(escapeXml('\uDE00\uD83D')).toBe('');
  });

  it('keeps valid surrogate pairs (emoji, astral characters)', () => {
    expect(escapeXml('😀')).toBe('😀');
    expect(escapeXml('a😀b𝄞c')).toBe('a😀b𝄞c');
    expect(escapeXml('\uD83D\uD83D\uDE00')).toBe('😀');
  });

  it('changes each code unit XML escapes or forbids, and no other', () => {
    const changed: number[] = [];
    for (let code = 0; code < 0x10000; code++)
      if (escapeXml(`a${String.fromCharCode(code)}b`) !== `a${String.fromCharCode(code)}b`)
        changed.push(code);
    const expected = [
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 0x0b, 0x0c],
      ...Array.from({ length: 0x20 - 0x0e }, (_, i) => 0x0e + i),
      ...[0x22, 0x26, 0x27, 0x3c, 0x3e],
      ...Array.from({ length: 0xe000 - 0xd800 }, (_, i) => 0xd800 + i),
      ...[0xfffe, 0xffff],
    ].sort((a, b) => a - b);
    expect(changed).toEqual(expected);
  });

  it('drops invalid characters and escapes in one go', () => {
    expect(escapeXml('a\u0000&\uD800<b>')).toBe('a&amp;&lt;b&gt;');
  });

  it('gives the same result on repeated calls (no regex state kept between calls)', () => {
    for (let i = 0; i < 5; i++) {
      expect(escapeXml('x\u0001y&')).toBe('xy&amp;');
      expect(escapeXml('plain')).toBe('plain');
    }
  });
});
