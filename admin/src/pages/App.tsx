import { Page } from '@strapi/strapi/admin';
import { Route, Routes } from 'react-router-dom';
import { PERMISSIONS } from '../permissions';
import { Dashboard } from './Dashboard';
import { FileBrowser } from './FileBrowser';

const App = () => (
  <Page.Protect permissions={PERMISSIONS.read}>
    <Routes>
      <Route index element={<Dashboard />} />
      <Route path="files/:name" element={<FileBrowser />} />
      <Route path="*" element={<Page.Error />} />
    </Routes>
  </Page.Protect>
);

export { App };
export default App;
