import type { Random } from './random.js';

/** A demo MCQ: the text (mhchem `\ce{}` and `$…$` notation as tutors type it), five options, the right one. */
export type DemoQuestion = { text: string; options: string[]; correct: number };

/** Molar masses (g mol⁻¹) of formulas A/L students meet: the answer and its near misses come from here. */
const MOLAR_MASSES: [string, number][] = [
  ['H2O', 18.02],
  ['CO2', 44.01],
  ['NaCl', 58.44],
  ['H2SO4', 98.08],
  ['CaCO3', 100.09],
  ['NH3', 17.03],
  ['CH4', 16.04],
  ['C6H12O6', 180.16],
  ['KMnO4', 158.03],
  ['NaOH', 40.0],
  ['HNO3', 63.01],
  ['MgO', 40.3],
  ['Al2O3', 101.96],
  ['Fe2O3', 159.69],
  ['CuSO4', 159.61],
  ['C2H5OH', 46.07],
  ['CH3COOH', 60.05],
  ['NaHCO3', 84.01],
  ['K2Cr2O7', 294.18],
  ['Na2CO3', 105.99],
];

/** Formula, the element asked about, its oxidation state there. */
const OXIDATION_STATES: [string, string, number][] = [
  ['KMnO4', 'Mn', 7],
  ['K2Cr2O7', 'Cr', 6],
  ['H2SO4', 'S', 6],
  ['SO2', 'S', 4],
  ['HNO3', 'N', 5],
  ['NH3', 'N', -3],
  ['H2O2', 'O', -1],
  ['Fe3O4', 'Fe', 8 / 3],
  ['NaClO3', 'Cl', 5],
  ['HClO4', 'Cl', 7],
  ['MnO2', 'Mn', 4],
  ['Na2S2O3', 'S', 2],
  ['CrO4^2-', 'Cr', 6],
  ['NO2-', 'N', 3],
];

/** Questions that need no numbers: the right answer first (shuffled when drawn). */
const CONCEPTS: [string, string[]][] = [
  [
    'For $\\ce{N2(g) + 3H2(g) <=> 2NH3(g)}$, $\\Delta H < 0$. Which change raises the equilibrium yield of \\ce{NH3}?',
    [
      'Raising the pressure',
      'Raising the temperature',
      'Adding an iron catalyst',
      'Removing \\ce{H2}',
      'Adding argon at constant volume',
    ],
  ],
  [
    'Which quantum number describes the shape of an orbital?',
    [
      'The azimuthal quantum number $l$',
      'The principal quantum number $n$',
      'The magnetic quantum number $m_l$',
      'The spin quantum number $m_s$',
      'None of them',
    ],
  ],
  [
    'Which of these is the conjugate base of \\ce{H2SO4}?',
    ['\\ce{HSO4-}', '\\ce{SO4^2-}', '\\ce{H3SO4+}', '\\ce{H2SO3}', '\\ce{SO3}'],
  ],
  ['Which molecule has a trigonal pyramidal shape?', ['\\ce{NH3}', '\\ce{BF3}', '\\ce{CH4}', '\\ce{CO2}', '\\ce{SF6}']],
  ['Which gas turns lime water milky?', ['\\ce{CO2}', '\\ce{O2}', '\\ce{H2}', '\\ce{N2}', '\\ce{NH3}']],
  ['What is the pH of a 0.01 mol dm$^{-3}$ \\ce{HCl} solution at 25 °C?', ['2', '1', '0.01', '12', '7']],
  [
    'Which reagent distinguishes an aldehyde from a ketone?',
    ["Tollens' reagent", 'Bromine water', 'Sodium hydrogencarbonate', 'Anhydrous \\ce{CaCl2}', 'Litmus'],
  ],
  ['Which element has the highest first ionisation energy?', ['He', 'Ne', 'F', 'N', 'H']],
  [
    'In $\\ce{2SO2 + O2 <=> 2SO3}$, what does the catalyst \\ce{V2O5} change?',
    [
      'The rate at which equilibrium is reached',
      'The equilibrium constant',
      'The yield of \\ce{SO3}',
      '$\\Delta H$ of the reaction',
      'The order of the reaction',
    ],
  ],
  ['How many moles of \\ce{O2} react with 2 mol of \\ce{C3H8} burning completely?', ['10', '5', '7', '3', '4']],
];

const round = (value: number) => Math.round(value * 100) / 100;
const signed = (value: number) => {
  const text = Number.isInteger(value) ? String(value) : `${Math.round(value * 3)}/3`;
  return value > 0 ? `+${text}` : text;
};

function molarMass(random: Random): DemoQuestion {
  const [formula, mass] = random.pick(MOLAR_MASSES);
  const wrong = random
    .shuffled(MOLAR_MASSES.filter(([, other]) => Math.abs(other - mass) > 0.5))
    .slice(0, 4)
    .map(([, other]) => other);
  return shuffle(
    random,
    `What is the molar mass of \\ce{${formula}} in g mol$^{-1}$?`,
    [mass, ...wrong].map((m) => `${round(m)}`),
  );
}

function oxidationState(random: Random): DemoQuestion {
  const [formula, element, state] = random.pick(OXIDATION_STATES);
  const wrong = random.shuffled([-2, -1, 0, 1, 2, 3, 4, 5, 6, 7].filter((value) => value !== state)).slice(0, 4);
  return shuffle(
    random,
    `What is the oxidation state of ${element} in \\ce{${formula}}?`,
    [state, ...wrong].map(signed),
  );
}

function concept(random: Random): DemoQuestion {
  const [text, options] = random.pick(CONCEPTS);
  return shuffle(random, text, options);
}

/** `options[0]` is the right answer; the result places it at random. */
function shuffle(random: Random, text: string, options: string[]): DemoQuestion {
  const order = random.shuffled([0, 1, 2, 3, 4]);
  return { text, options: order.map((i) => options[i] as string), correct: order.indexOf(0) };
}

/** A paper of `count` questions: about two in five about molar mass, two in five oxidation states, the rest concepts. */
export function demoPaper(random: Random, count: number): DemoQuestion[] {
  return Array.from({ length: count }, () => {
    const kind = random.next();
    if (kind < 0.4) return molarMass(random);
    if (kind < 0.8) return oxidationState(random);
    return concept(random);
  });
}
