import changeFeed from './change-feed';
import clock from './clock';
import dashboard from './dashboard';
import dirtyMarks from './dirty-marks';
import entryStatus from './entry-status';
import exclusions from './exclusions';
import fileStore from './file-store';
import generator from './generation/run';
import hooks from './hooks';
import indexnow from './indexnow';
import lease from './lease';
import mediaChanges from './media-changes';
import legacyImport from './legacy-import';
import preview from './preview';
import runs from './runs';
import scheduler from './scheduler';
import settings from './settings';
import visitorMap from './visitor-map';

export default {
  dashboard,
  'change-feed': changeFeed,
  clock,
  'dirty-marks': dirtyMarks,
  'entry-status': entryStatus,
  exclusions,
  'file-store': fileStore,
  generator,
  hooks,
  indexnow,
  lease,
  'media-changes': mediaChanges,
  'legacy-import': legacyImport,
  preview,
  runs,
  scheduler,
  settings,
  'visitor-map': visitorMap,
};
