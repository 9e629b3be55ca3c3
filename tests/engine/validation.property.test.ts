import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  academicYear,
  formatScore,
  isRichTextEmpty,
  isValidEmail,
  isValidPassword,
  isValidPercent,
  isValidPostCode,
  isValidUkMobile,
  normaliseUkMobile,
  passwordProblems,
  smsSegmentLimit,
  smsSegments,
  termsAccepted,
  wordCount,
  yearList,
  isGsmText,
} from '#engine';

describe('email (spec §5)', () => {
  it('accepts generated addresses and rejects strings without exactly one @ or a dotted domain', () => {
    const local = fc.stringMatching(/^[a-z0-9]([a-z0-9._+-]{0,20}[a-z0-9])?$/).filter((s) => !s.includes('..'));
    const domain = fc.stringMatching(/^[a-z0-9]{1,20}(\.[a-z]{2,6}){1,2}$/);
    fc.assert(
      fc.property(local, domain, (l, d) => {
        expect(isValidEmail(`${l}@${d}`)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('@')),
        (s) => {
          expect(isValidEmail(s)).toBe(false);
        },
      ),
    );
    for (const bad of ['a@b', 'a@@b.com', 'a b@c.com', '@b.com', 'a@.com', 'a@b.'])
      expect(isValidEmail(bad)).toBe(false);
  });
});

describe('password (spec §5)', () => {
  const valid = fc
    .tuple(
      fc.stringMatching(/^[a-z]{1,5}$/),
      fc.stringMatching(/^[A-Z]{1,5}$/),
      fc.stringMatching(/^[0-9]{1,5}$/),
      fc.constantFrom('!', '#', '%', '-', '_', '@'),
      fc.stringMatching(/^[a-zA-Z0-9]{4,10}$/),
    )
    .chain((parts) =>
      fc
        .shuffledSubarray(parts.join('').split(''), { minLength: parts.join('').length })
        .map((chars) => chars.join('')),
    );

  it('accepts passwords with 8+ characters and every character class', () => {
    fc.assert(
      fc.property(valid, (p) => {
        expect(isValidPassword(p)).toBe(true);
      }),
    );
  });

  it('names each missing class', () => {
    fc.assert(
      fc.property(valid, fc.constantFrom('lowercase', 'uppercase', 'digit', 'special'), (p, rule) => {
        const stripped = {
          lowercase: p.replace(/[a-z]/g, ''),
          uppercase: p.replace(/[A-Z]/g, ''),
          digit: p.replace(/[0-9]/g, ''),
          special: p.replace(/[^a-zA-Z0-9]/g, ''),
        }[rule];
        expect(passwordProblems(stripped)).toContain(rule);
        expect(isValidPassword(stripped)).toBe(false);
      }),
    );
    expect(passwordProblems('Aa1!aaa')).toEqual(['length']);
  });
});

describe('UK mobile (spec §5)', () => {
  const nine = fc.stringMatching(/^[0-9]{9}$/);
  it('accepts 07 + 9 digits, with +44 in place of 0 and spaces anywhere', () => {
    fc.assert(
      fc.property(nine, (d) => {
        expect(isValidUkMobile(`07${d}`)).toBe(true);
        expect(isValidUkMobile(`+447${d}`)).toBe(true);
        expect(isValidUkMobile(`+44 7${d.slice(0, 3)} ${d.slice(3)}`)).toBe(true);
        expect(normaliseUkMobile(`+447${d}`)).toBe(`07${d}`);
      }),
    );
  });
  it('rejects other lengths and prefixes', () => {
    fc.assert(
      fc.property(nine, fc.constantFrom('01', '02', '08', '7'), (d, prefix) => {
        expect(isValidUkMobile(`${prefix}${d}`)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^([0-9]{1,8}|[0-9]{10,12})$/), (d) => {
        expect(isValidUkMobile(`07${d}`)).toBe(false);
      }),
    );
  });
});

describe('percent, text and SMS rules (spec §5)', () => {
  it('percent accepts 0..100 or empty only', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (n) => {
        expect(isValidPercent(n)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        fc.double({ noNaN: true }).filter((n) => n < 0 || n > 100),
        (n) => {
          expect(isValidPercent(n)).toBe(false);
        },
      ),
    );
    expect(isValidPercent('')).toBe(true);
    expect(isValidPercent('abc')).toBe(false);
  });

  it('word count ignores punctuation; rich text of only tags and spaces is empty', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 30 }),
        fc.constantFrom(',', '.', ' - ', '!', ' … '),
        (words, sep) => {
          expect(wordCount(words.join(sep === ' - ' ? ' - ' : `${sep} `))).toBe(words.length);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('<p>', '</p>', '<br/>', ' ', '&nbsp;', '\n', '<strong></strong>')),
        (parts) => {
          expect(isRichTextEmpty(parts.join(''))).toBe(true);
        },
      ),
    );
    expect(isRichTextEmpty('<p>Hi</p>')).toBe(false);
  });

  it('SMS: 1 message to 160 GSM characters, then parts of 153 (306 in 2, 459 in 3), none beyond the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), (n) => {
        const segments = smsSegments('a'.repeat(n), smsSegmentLimit({}));
        expect(segments).toBe(n <= 160 ? 1 : n <= 306 ? 2 : n <= 459 ? 3 : null);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 1, max: 10 }), (n, limit) => {
        const parts = n <= 160 ? 1 : Math.ceil(n / 153);
        expect(smsSegments('a'.repeat(n), smsSegmentLimit({ smsSegmentLimit: limit }))).toBe(
          parts <= limit ? parts : null,
        );
      }),
    );
    expect(isGsmText('Hello £5 @ home')).toBe(true);
    expect(isGsmText('Emoji 🎉')).toBe(false);
  });

  it('UK postcodes', () => {
    for (const ok of ['SW1A 1AA', 'sw1a1aa', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'GIR 0AA'])
      expect(isValidPostCode(ok), ok).toBe(true);
    for (const bad of ['', '12345', 'SW1A', 'QQ1 1AA', 'SW1A 1AAA', 'hello world'])
      expect(isValidPostCode(bad), bad).toBe(false);
  });
});

describe('year lists and academic year (spec §9)', () => {
  it('before September counts as the previous year; lists reach 50 back and the given years forward', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }),
        fc.constantFrom(2, 4, 9),
        (date, forward) => {
          const year = academicYear(date);
          expect(year).toBe(date.getUTCMonth() < 8 ? date.getUTCFullYear() - 1 : date.getUTCFullYear());
          const list = yearList(date, 50, forward);
          expect(list[0]).toBe(year + forward);
          expect(list[list.length - 1]).toBe(year - 50);
          expect(list).toHaveLength(51 + forward);
        },
      ),
    );
  });
});

describe('display and terms rules', () => {
  it('scores show one decimal only when fractional (spec §9)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        expect(formatScore(n)).toBe(String(n));
      }),
    );
    expect(formatScore(3.25)).toBe('3.3');
    expect(formatScore(4.5)).toBe('4.5');
  });

  it('terms count as accepted when accepted, or when rare consent is not false (spec §5)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.boolean(), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        (terms, rare) => {
          expect(termsAccepted({ acceptTermAndConditions: terms, acceptRare: rare })).toBe(
            terms === true || rare !== false,
          );
        },
      ),
    );
  });
});
