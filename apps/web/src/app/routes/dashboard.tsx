import { PlaceholderPage } from './placeholder-page';
export const DashboardRoute = () => <PlaceholderPage title="Dashboard" />;
