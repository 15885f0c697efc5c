import { describe, expect, it } from 'vitest';
import { richText } from './rich-text.js';

/** A rich text written out: `_x` lowered, `^x` raised. */
const marked = (input: string) => {
  const rich = richText(input);
  let out = '';
  for (let i = 0; i < rich.text.length; i++) {
    const shift = rich.shifts[i];
    out += `${shift === 1 ? '^' : shift === -1 ? '_' : ''}${rich.text[i]}`;
  }
  return { drawn: out, actual: rich.actual };
};

describe('notation into PDF runs', () => {
  it.each([
    ['\\ce{H2SO4}', 'H_2SO_4', 'H₂SO₄'],
    ['\\ce{SO4^2-}', 'SO_4^2^−', 'SO₄²⁻'],
    ['\\ce{Cu^2+}', 'Cu^2^+', 'Cu²⁺'],
    ['\\ce{Cu^{2+}}', 'Cu^2^+', 'Cu²⁺'],
    ['\\ce{HSO4-}', 'HSO_4^−', 'HSO₄⁻'],
    ['\\ce{N2(g) + 3H2(g) <=> 2NH3(g)}', 'N_2(g) + 3H_2(g) ⇌ 2NH_3(g)', 'N₂(g) + 3H₂(g) ⇌ 2NH₃(g)'],
    ['\\ce{CuSO4.5H2O}', 'CuSO_4·5H_2O', 'CuSO₄·5H₂O'],
    ['\\ce{^{14}C}', '^1^4C', '¹⁴C'],
    ['\\ce{[AgCl2]-}', '[AgCl_2]^−', '[AgCl₂]⁻'],
    ['\\ce{CaCO3 ->[heat] CaO + CO2 ^}', 'CaCO_3 → (heat) CaO + CO_2 ↑', 'CaCO₃ → (heat) CaO + CO₂ ↑'],
    ['\\ce{Ag+ + Cl- -> AgCl v}', 'Ag^+ + Cl^− → AgCl ↓', 'Ag⁺ + Cl⁻ → AgCl ↓'],
    ['\\ce{Ca(OH)2}', 'Ca(OH)_2', 'Ca(OH)₂'],
  ])('typesets the question bank’s %s', (input, drawn, actual) => {
    expect(marked(input)).toEqual({ drawn, actual });
  });

  it('leaves plain text as typed, a lone dollar and digits a user typed raised included', () => {
    expect(marked('Acids & Bases: 2026 A/L, $5, m² — කසුන්')).toEqual({
      drawn: 'Acids & Bases: 2026 A/L, $5, m² — කසුන්',
      actual: 'Acids & Bases: 2026 A/L, $5, m² — කසුන්',
    });
  });

  it('keeps line ends and drops control characters', () => {
    expect(richText('a\r\nb\tc\u0007d').text).toBe('a\nb cd');
  });
});
