import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChemText, hasNotation, splitChem, useDocumentTitle } from './chem-text';

describe('splitChem', () => {
  it('separates plain text from \\ce, \\pu and $ notation, with nested braces', () => {
    expect(splitChem('Balance \\ce{^{14}C + O2 -> CO2} at $\\Delta H$ and \\pu{25 kJ mol-1}.')).toEqual([
      { kind: 'text', text: 'Balance ' },
      { kind: 'tex', tex: '\\ce{^{14}C + O2 -> CO2}', source: '\\ce{^{14}C + O2 -> CO2}', display: false },
      { kind: 'text', text: ' at ' },
      { kind: 'tex', tex: '\\Delta H', source: '$\\Delta H$', display: false },
      { kind: 'text', text: ' and ' },
      { kind: 'tex', tex: '\\pu{25 kJ mol-1}', source: '\\pu{25 kJ mol-1}', display: false },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps unclosed notation, lone dollars and \\$ as plain text', () => {
    expect(splitChem('It costs \\$5 or $ 6, see \\ce{H2O')).toEqual([
      { kind: 'text', text: 'It costs $5 or $ 6, see \\ce{H2O' },
    ]);
    expect(hasNotation('$$x^2$$')).toBe(true);
    expect(hasNotation('plain H2O')).toBe(false);
  });
});

describe('ChemText', () => {
  it('typesets \\ce{H2SO4} once the renderer has loaded, raw text before', async () => {
    const { container } = render(<ChemText text="Dilute \ce{H2SO4} slowly" />);
    // The first formula on the page: KaTeX is still loading, so the source shows meanwhile.
    expect(container).toHaveTextContent('Dilute \\ce{H2SO4} slowly');
    expect(container.querySelector('.katex')).toBeNull();
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull());
    expect(container.querySelector('.katex-mathml')).toHaveTextContent('H2SO4');
    expect(container).toHaveTextContent(/^Dilute .*slowly$/);
  });

  it('shows plain text as text', () => {
    const { container } = render(<ChemText text={'Which acid is strongest?\nChoose one.'} />);
    expect(container).toHaveTextContent('Which acid is strongest? Choose one.');
    expect(container.querySelector('.katex')).toBeNull();
  });

  it('shows markup in a question literally, never as elements', async () => {
    const text = '<img src=x onerror=alert(1)> and <script>alert(2)</script> \\ce{<img src=y onerror=alert(3)>}';
    const { container } = render(<ChemText text={text} />);
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.katex, .katex-error')).not.toBeNull());
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
  });

  it('typesets $\\Delta H$ and reaction arrows', async () => {
    const { container } = render(<ChemText text="$\Delta H$ for \ce{N2 + 3H2 <=> 2NH3}" />);
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(2));
    expect(container.querySelector('.katex-mathml')).toHaveTextContent('Δ');
  });

  it('shows a malformed formula as its source instead of failing', async () => {
    const { container } = render(<ChemText text="Bad $\frac{1}{$ here" />);
    await waitFor(() => expect(container.querySelector('.katex-error')).not.toBeNull());
    expect(container.querySelector('.katex-error')).toHaveTextContent('\\frac{1}{');
    expect(container).toHaveTextContent(/^Bad .* here$/);
  });
});

describe('useDocumentTitle', () => {
  function Titled({ title }: { title?: string }) {
    useDocumentTitle(title);
    return null;
  }

  it('names the tab with the notation as plain Unicode, and gives the app its name back after', () => {
    document.title = 'Valence Admin Portal';
    const { rerender, unmount } = render(<Titled title="Acids: \ce{H2SO4} and \ce{Cu^2+}" />);
    expect(document.title).toBe('Acids: H₂SO₄ and Cu²⁺ — Valence Admin Portal');
    rerender(<Titled title="රසායන විද්‍යාව \ce{SO4^2-}" />);
    expect(document.title).toBe('රසායන විද්‍යාව SO₄²⁻ — Valence Admin Portal');
    unmount();
    expect(document.title).toBe('Valence Admin Portal');
  });

  it('leaves the title alone until there is one to show', () => {
    document.title = 'Valence — Student';
    render(<Titled />);
    expect(document.title).toBe('Valence — Student');
  });
});
