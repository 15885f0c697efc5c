import { PlaceholderPage } from './placeholder-page';
export const CourseDetailRoute = () => <PlaceholderPage title="Course" />;
