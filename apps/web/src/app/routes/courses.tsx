import { PlaceholderPage } from './placeholder-page';
export const CoursesRoute = () => <PlaceholderPage title="Courses" />;
