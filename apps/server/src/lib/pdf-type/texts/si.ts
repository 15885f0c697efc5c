import type { PdfTexts } from './en.js';

/** The words of the PDFs a student downloads, in Sinhala (keys and notes: `en.ts`). */
export const si: PdfTexts = {
  months: 'ජන|පෙබ|මාර්තු|අප්‍රේල්|මැයි|ජූනි|ජූලි|අගෝ|සැප්|ඔක්|නොවැ|දෙසැ',
  date: '{{year}} {{month}} {{day}}',
  dateTime: '{{date}}, {{time}} ({{zone}})',
  page: 'පිටුව {{page}} / {{pages}}',
  licence: 'බලපත්‍රලාභියා: {{holder}} · {{date}}',
  myMarks: {
    title: 'මගේ ලකුණු',
    student: 'සිසුවා',
    exams: 'විභාග',
    generated: 'සකස් කළේ',
    exam: 'විභාගය',
    mcq: 'බහුවරණ (/ 50)',
    partTwo: 'II කොටස (/ 100)',
    grade: 'සාමාර්ථය',
    total: 'මුළු ලකුණ (/ 100)',
    mcqOnly: 'බහුවරණ පමණි',
    partTwoOnly: 'II කොටස පමණි',
    notSubmitted: 'ඉදිරිපත් කර නැත',
    notMarked: 'තවම ලකුණු කර නැත',
    notPublished: 'තවම ප්‍රකාශයට පත් කර නැත',
    none: 'තවම ලකුණු නැත.',
    rules:
      'බහුවරණ ප්‍රශ්න පත්‍රය ලකුණු 50න් ද II කොටස ලකුණු 100න් ද ලකුණු කෙරේ; මුළු ලකුණ (100න්) වන්නේ බහුවරණ ලකුණට II කොටසේ ලකුණෙන් අඩක් එකතු කළ විට ලැබෙන ලකුණයි. ඔබේ ගුරුවරයා ලකුණු ප්‍රකාශයට පත් කළ පසු ඒවා පෙන්වයි.',
  },
};
