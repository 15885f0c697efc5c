export { CourseReportPacks } from './components/course-report-packs';
export { ReportPackButton } from './components/report-pack-button';
