import { describe, expect, it } from 'vitest';
import { notationToPlain } from './notation.js';

describe('notationToPlain', () => {
  it.each([
    ['\\ce{H2SO4}', 'H₂SO₄'],
    ['\\ce{Cu^2+}', 'Cu²⁺'],
    ['\\ce{Cu^{2+}}', 'Cu²⁺'],
    ['\\ce{SO4^2-}', 'SO₄²⁻'],
    ['\\ce{HSO4-}', 'HSO₄⁻'],
    ['\\ce{H3SO4+}', 'H₃SO₄⁺'],
    ['\\ce{NH4+}', 'NH₄⁺'],
    ['\\ce{[AgCl2]-}', '[AgCl₂]⁻'],
    ['\\ce{^{14}C}', '¹⁴C'],
    ['\\ce{2H2 + O2 -> 2H2O}', '2H₂ + O₂ → 2H₂O'],
    ['\\ce{N2(g) + 3H2(g) <=> 2NH3(g)}', 'N₂(g) + 3H₂(g) ⇌ 2NH₃(g)'],
    ['\\ce{CaCO3 ->[heat] CaO + CO2 ^}', 'CaCO₃ → (heat) CaO + CO₂ ↑'],
    ['\\ce{Ag+ + Cl- -> AgCl v}', 'Ag⁺ + Cl⁻ → AgCl ↓'],
    ['\\ce{Ca(OH)2}', 'Ca(OH)₂'],
    ['\\ce{CuSO4.5H2O}', 'CuSO₄·5H₂O'],
    ['\\ce{Cu2+}', 'Cu₂⁺'],
    ['\\pu{25 kJ mol-1}', '25 kJ mol⁻¹'],
    ['0.01 mol dm$^{-3}$ \\ce{HCl}', '0.01 mol dm⁻³ HCl'],
    ['$\\Delta H < 0$', 'ΔH < 0'],
    ['$\\Delta H^{\\circ}_{f}$', 'ΔH°f'],
    ['For $\\ce{2SO2 + O2 <=> 2SO3}$, the catalyst', 'For 2SO₂ + O₂ ⇌ 2SO₃, the catalyst'],
    ['It costs \\$5', 'It costs $5'],
    ['Acids & Bases: \\ce{H2SO4}', 'Acids & Bases: H₂SO₄'],
    ['අම්ල සහ භෂ්ම \\ce{H2SO4}', 'අම්ල සහ භෂ්ම H₂SO₄'],
    ['அமிலங்கள் \\ce{Cu^2+}', 'அமிலங்கள் Cu²⁺'],
    ['plain title, no notation', 'plain title, no notation'],
    ['unclosed \\ce{H2O', 'unclosed \\ce{H2O'],
  ])('%s reads %s', (text, plain) => {
    expect(notationToPlain(text)).toBe(plain);
  });

  it('never drops a character Unicode cannot raise', () => {
    expect(notationToPlain('$x^{y}$')).toBe('xy');
    expect(notationToPlain('$\\frac{1}{2}$')).toBe('1/2');
  });
});
