import dirtyMarks from './dirty-marks';
import exclusions from './exclusions';
import fileStore from './file-store';
import generator from './generator';
import lease from './lease';
import preview from './preview';
import runs from './runs';
import scheduler from './scheduler';
import settings from './settings';
import status from './status';

export default {
  'dirty-marks': dirtyMarks,
  exclusions,
  'file-store': fileStore,
  generator,
  lease,
  preview,
  runs,
  scheduler,
  settings,
  status,
};
