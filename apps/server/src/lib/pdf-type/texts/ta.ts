import type { PdfTexts } from './en.js';

/** The words of the PDFs a student downloads, in Tamil (keys and notes: `en.ts`). */
export const ta: PdfTexts = {
  months: 'ஜன.|பிப்.|மார்.|ஏப்.|மே|ஜூன்|ஜூலை|ஆக.|செப்.|அக்.|நவ.|டிச.',
  date: '{{day}} {{month}} {{year}}',
  dateTime: '{{date}}, {{time}} ({{zone}})',
  page: 'பக்கம் {{page}} / {{pages}}',
  licence: 'உரிமம் பெற்றவர்: {{holder}} · {{date}}',
  myMarks: {
    title: 'எனது புள்ளிகள்',
    student: 'மாணவர்',
    exams: 'பரீட்சைகள்',
    generated: 'உருவாக்கப்பட்டது',
    exam: 'பரீட்சை',
    mcq: 'பல்தேர்வு (/ 50)',
    partTwo: 'பகுதி II (/ 100)',
    grade: 'தரம்',
    total: 'மொத்தம் (/ 100)',
    mcqOnly: 'பல்தேர்வு மட்டும்',
    partTwoOnly: 'பகுதி II மட்டும்',
    notSubmitted: 'சமர்ப்பிக்கப்படவில்லை',
    notMarked: 'இன்னும் திருத்தப்படவில்லை',
    notPublished: 'இன்னும் வெளியிடப்படவில்லை',
    none: 'இன்னும் புள்ளிகள் இல்லை.',
    rules:
      'பல்தேர்வு 50 இற்கும் பகுதி II 100 இற்கும் புள்ளியிடப்படும்; மொத்தம் (100 இற்கு) என்பது பல்தேர்வுப் புள்ளியுடன் பகுதி II புள்ளியின் அரைவாசியைக் கூட்டியதாகும். உங்கள் ஆசிரியர் வெளியிட்டதும் புள்ளிகள் இங்கே தோன்றும்.',
  },
};
