import admin from './admin';
import publicSitemap from './public-sitemap';

export default { admin, 'public-sitemap': publicSitemap };
