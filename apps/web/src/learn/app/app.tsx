import { BrowserRouter } from 'react-router';
import { LearnRoutes } from './routes';

export function LearnApp() {
  return (
    <BrowserRouter basename="/learn">
      <LearnRoutes />
    </BrowserRouter>
  );
}
