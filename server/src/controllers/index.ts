import admin from './admin';
import publicSitemap from './public-sitemap';
import visitorPages from './visitor-pages';

export default { admin, 'public-sitemap': publicSitemap, 'visitor-pages': visitorPages };
