import { scopesOf } from '../../../../server/src/services/changes/scheduler';
import type { StoredMark } from '../../../../server/src/services/changes/dirty-marks';

const mark = (id: number, contentType: string, target: string): StoredMark => ({
  id,
  kind: 'document',
  contentType,
  target,
  trigger: 'publish',
});

describe('scopesOf', () => {
  // A mark on a type named like an Object.prototype member (an exclusion stored before names were checked) is a plain key.
  it.each(['constructor', 'toString', '__proto__'])(
    'groups marks on a type named %s like any other',
    (name) => {
      const scopes = scopesOf([
        mark(1, name, 'x'),
        mark(2, 'api::article.article', 'a'),
        mark(3, name, 'y'),
      ]);
      expect(scopes).toHaveLength(1);
      const { byType } = scopes[0] as { kind: 'documents'; byType: Record<string, string[]> };
      expect(Object.keys(byType).sort()).toEqual([name, 'api::article.article'].sort());
      expect(byType[name]).toEqual(['x', 'y']);
      expect(byType['api::article.article']).toEqual(['a']);
    }
  );
});
