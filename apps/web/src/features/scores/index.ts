export { marksSummaryFileName } from './api/export-marks-summary-pdf';
export { scoreSummaryFileName } from './api/export-score-summary-pdf';
export { CombinedScoreLookup } from './components/combined-score-lookup';
export { ExamScoreSummary } from './components/exam-score-summary';
export { MarksSummaryLookup } from './components/marks-summary-lookup';
