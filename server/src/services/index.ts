import exclusions from './exclusions';
import fileStore from './file-store';
import generator from './generator';
import preview from './preview';
import runs from './runs';
import settings from './settings';
import status from './status';

export default { exclusions, 'file-store': fileStore, generator, preview, runs, settings, status };
