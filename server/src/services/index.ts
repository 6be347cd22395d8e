import changeFeed from './changes/change-feed';
import clock from './clock';
import dashboard from './views/dashboard';
import directServing from './serving/direct-serving';
import dirtyMarks from './changes/dirty-marks';
import entryStatus from './views/entry-status';
import exclusions from './settings/exclusions';
import fileBrowser from './views/file-browser';
import fileStore from './store/file-store';
import generator from './generation/run';
import healthCheck from './health/health-check';
import hooks from './hooks';
import indexnow from './push/indexnow-sender';
import lease from './store/lease';
import mediaChanges from './changes/media-changes';
import legacyImport from './settings/legacy-import';
import preview from './views/preview';
import publicFiles from './serving/public-files';
import runs from './store/runs';
import scheduler from './changes/scheduler';
import settings from './settings/settings';
import visitorPages from './serving/stored-visitor-pages';

export default {
  dashboard,
  'change-feed': changeFeed,
  clock,
  'dirty-marks': dirtyMarks,
  'direct-serving': directServing,
  'entry-status': entryStatus,
  exclusions,
  'file-browser': fileBrowser,
  'file-store': fileStore,
  generator,
  'health-check': healthCheck,
  hooks,
  indexnow,
  lease,
  'media-changes': mediaChanges,
  'legacy-import': legacyImport,
  preview,
  'public-files': publicFiles,
  runs,
  scheduler,
  settings,
  'visitor-pages': visitorPages,
};
