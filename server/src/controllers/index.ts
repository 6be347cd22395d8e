import admin from './admin';
import publicSitemap from './public-sitemap';
import visitorMap from './visitor-map';

export default { admin, 'public-sitemap': publicSitemap, 'visitor-map': visitorMap };
