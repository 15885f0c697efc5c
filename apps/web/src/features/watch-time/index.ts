export { watchReportFileName } from './api/export-watch-pdf';
export { WatchRecords } from './components/watch-records';
export { WatchTotal } from './components/watch-total';
