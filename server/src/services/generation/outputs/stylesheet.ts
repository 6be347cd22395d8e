/** The stylesheet output: `sitemap.xsl`, which browsers apply to the XML files, written by full runs. */
import { SITEMAP_XSL } from '../../../core/files/xsl';
import { XSL_NAME } from '../../../core/files/file-names';
import type { Run } from '../run-state';
import type { RunOutput } from './output';

export function stylesheetOutput(run: Run): RunOutput | null {
  if (run.scope.kind !== 'full' || !run.plan.settings.xsl) return null;
  return {
    name: 'stylesheet',
    write: async () => {
      await run.files.save({ name: XSL_NAME, format: 'xsl', content: SITEMAP_XSL });
    },
  };
}
