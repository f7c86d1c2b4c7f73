import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/queryClient';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';

export default function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
