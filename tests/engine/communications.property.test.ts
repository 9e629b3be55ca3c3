import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS } from '#schemas/communications';
import {
  KIND_PLACEHOLDERS,
  PLACEHOLDERS,
  renderTemplate,
  smsLength,
  templatesForMove,
  unfillablePlaceholders,
} from '#engine';

const BASIC = [...'@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡AZÄÖÑÜ§¿azäöñüà\n'];
const EXTENDED = [...'^{}\\[~]|€'];
const OTHER = ['ç', 'ő', '😀', 'ع', '中', '“', '…', 'ł'];

describe('SMS segments (GSM 03.38)', () => {
  it('GSM text: basic characters one septet, extension characters two; 160 in one, 153 a part', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...BASIC, ...EXTENDED), { maxLength: 700 }), (chars) => {
        const septets = chars.reduce((n, ch) => n + (EXTENDED.includes(ch) ? 2 : 1), 0);
        const length = smsLength(chars.join(''));
        expect(length.encoding).toBe('GSM');
        expect(length.units).toBe(septets);
        expect(length.segments).toBe(septets <= 160 ? 1 : Math.ceil(septets / 153));
      }),
    );
  });

  it('any other character makes the whole text UCS-2: 70 units in one, 67 a part', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...BASIC, ...EXTENDED), { maxLength: 300 }),
        fc.constantFrom(...OTHER),
        fc.nat(),
        (chars, other, at) => {
          chars.splice(at % (chars.length + 1), 0, other);
          const text = chars.join('');
          const length = smsLength(text);
          expect(length.encoding).toBe('UCS2');
          expect(length.units).toBe(text.length);
          expect(length.segments).toBe(text.length <= 70 ? 1 : Math.ceil(text.length / 67));
        },
      ),
    );
  });

  it('known lengths', () => {
    expect(smsLength('a'.repeat(160)).segments).toBe(1);
    expect(smsLength('a'.repeat(161)).segments).toBe(2);
    expect(smsLength('€'.repeat(80)).segments).toBe(1);
    expect(smsLength('€'.repeat(81)).segments).toBe(2);
    expect(smsLength('😀'.repeat(35)).segments).toBe(1);
    expect(smsLength('😀'.repeat(36)).segments).toBe(2);
  });
});

const placeholder = fc.constantFrom(...PLACEHOLDERS);

describe('template placeholders', () => {
  it('a kind can fill exactly its own placeholders; unknown names are never fillable', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MESSAGE_KINDS),
        fc.array(placeholder, { maxLength: 6 }),
        fc.stringMatching(/^[a-z]{1,10}$/),
        (kind, used, unknown) => {
          const text = used.map((name) => `Hi {{${name}}}, `).join('');
          const expected = [...new Set(used)].filter((name) => !KIND_PLACEHOLDERS[kind].includes(name));
          expect(unfillablePlaceholders(kind, [text])).toEqual(expected);
          const withUnknown = `${text}{{x${unknown}}}`;
          expect(unfillablePlaceholders(kind, [withUnknown])).toContain(`x${unknown}`);
        },
      ),
    );
  });

  it('rendering replaces every placeholder and escapes values in HTML', () => {
    fc.assert(
      fc.property(fc.array(placeholder, { minLength: 1, maxLength: 5 }), fc.string(), (used, value) => {
        const text = used.map((name) => `<p>{{ ${name} }}</p>`).join('');
        const values = Object.fromEntries(PLACEHOLDERS.map((name) => [name, value]));
        const html = renderTemplate(text, values, { html: true });
        expect(html).not.toMatch(/<(?!\/?p>)/);
        expect(renderTemplate(text, values)).toBe(used.map(() => `<p>${value}</p>`).join(''));
      }),
    );
    expect(renderTemplate('Dear {{candidateName}}', { candidateName: 'Ada <b>' }, { html: true })).toBe(
      'Dear Ada &lt;b&gt;',
    );
  });
});

describe('templates a stage move sends', () => {
  const trigger = fc.option(
    fc.record({ stageId: fc.integer({ min: 1, max: 3 }), substageId: fc.option(fc.constantFrom('a', 'b')) }),
  );
  const template = fc.record({ id: fc.uuid(), channel: fc.constantFrom('EMAIL', 'SMS'), trigger });

  it("one a channel, set for the move's stage, the substage's own before the whole stage's", () => {
    fc.assert(
      fc.property(
        fc.array(template, { maxLength: 8 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom('a', 'b'),
        (templates, stageId, substageId) => {
          const sent = templatesForMove(templates, { stageId, substageId });
          expect(new Set(sent.map((t) => t.channel)).size).toBe(sent.length);
          for (const channel of ['EMAIL', 'SMS']) {
            const candidates = templates.filter(
              (t) =>
                t.channel === channel &&
                t.trigger?.stageId === stageId &&
                (t.trigger.substageId === null || t.trigger.substageId === substageId),
            );
            const chosen = sent.find((t) => t.channel === channel);
            expect(chosen === undefined).toBe(candidates.length === 0);
            if (candidates.some((t) => t.trigger?.substageId === substageId))
              expect(chosen?.trigger?.substageId).toBe(substageId);
          }
        },
      ),
    );
  });
});
