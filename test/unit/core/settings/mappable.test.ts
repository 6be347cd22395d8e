import { isOperator } from '@strapi/utils';
import {
  FILTER_OPERATORS,
  hasOwn,
  isMappableAttribute,
  isMappableType,
  holdsCredentials,
} from '../../../../server/src/core/settings/mappable';

describe('isMappableType', () => {
  it('accepts the project types the content manager shows', () => {
    expect(isMappableType('api::article.article', undefined)).toBe(true);
    expect(isMappableType('api::article.article', { i18n: { localized: true } })).toBe(true);
    expect(
      isMappableType('plugin::users-permissions.user', { 'content-manager': { visible: true } })
    ).toBe(true);
  });

  it.each(['admin::user', 'admin::api-token', 'plugin::sitemap.file', 'plugin::sitemap.run'])(
    'refuses %s, shown or not',
    (uid) => {
      expect(isMappableType(uid, undefined)).toBe(false);
    }
  );

  it('refuses a type the content manager hides', () => {
    expect(
      isMappableType('api::internal.internal', { 'content-manager': { visible: false } })
    ).toBe(false);
    expect(
      isMappableType('plugin::upload.file', {
        'content-manager': { visible: false },
        'content-type-builder': { visible: false },
      })
    ).toBe(false);
  });
});

describe('isMappableAttribute', () => {
  it('accepts a visible field that is not private', () => {
    expect(isMappableAttribute('slug', { type: 'string' }, false)).toBe(true);
    expect(
      isMappableAttribute(
        'category',
        { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
        false
      )
    ).toBe(true);
  });

  it('refuses private fields, whatever else they are', () => {
    expect(isMappableAttribute('editorNote', { type: 'string' }, true)).toBe(false);
    expect(isMappableAttribute('updatedAt', { type: 'datetime' }, true)).toBe(false);
  });

  it('refuses password fields even when not marked private', () => {
    expect(isMappableAttribute('previewPassword', { type: 'password' }, false)).toBe(false);
  });

  it('refuses fields hidden from the content manager, such as the creator fields', () => {
    expect(
      isMappableAttribute(
        'createdBy',
        { type: 'relation', relation: 'oneToOne', target: 'admin::user', visible: false },
        false
      )
    ).toBe(false);
    expect(
      isMappableAttribute(
        'localizations',
        { type: 'relation', relation: 'oneToMany', visible: false },
        false
      )
    ).toBe(false);
  });

  it.each(['documentId', 'locale', 'publishedAt', 'createdAt', 'updatedAt'])(
    'accepts the system field %s the content manager shows',
    (name) => {
      expect(isMappableAttribute(name, { type: 'datetime', visible: false }, false)).toBe(true);
    }
  );
});

describe('FILTER_OPERATORS', () => {
  // Kept in step with Strapi: an operator Strapi drops fails here.
  it('holds only Strapi operators, without the internal $jsonSupersetOf', () => {
    expect(FILTER_OPERATORS.size).toBe(24);
    for (const operator of FILTER_OPERATORS) expect(isOperator(operator)).toBe(true);
    expect(isOperator('$jsonSupersetOf')).toBe(true);
    expect(FILTER_OPERATORS.has('$jsonSupersetOf')).toBe(false);
  });
});

describe('hasOwn', () => {
  it('sees only own properties', () => {
    const catalog = JSON.parse('{"api::a.a": {}, "__proto__": {}}');
    expect(hasOwn(catalog, 'api::a.a')).toBe(true);
    expect(hasOwn(catalog, '__proto__')).toBe(true);
    expect(hasOwn({}, '__proto__')).toBe(false);
    expect(hasOwn({}, 'constructor')).toBe(false);
    expect(hasOwn({}, 'toString')).toBe(false);
  });
});

describe('holdsCredentials', () => {
  it('marks the accounts of users-permissions and types with a password and an email', () => {
    expect(holdsCredentials('plugin::users-permissions.user', {})).toBe(true);
    expect(
      holdsCredentials('api::member.member', {
        email: { type: 'email' },
        secret: { type: 'password' },
      })
    ).toBe(true);
  });

  it('leaves a type with a password field alone (an article’s preview password) an editor’s content', () => {
    expect(
      holdsCredentials('api::article.article', {
        title: { type: 'string' },
        previewPassword: { type: 'password' },
      })
    ).toBe(false);
    expect(holdsCredentials('api::contact.contact', { email: { type: 'email' } })).toBe(false);
  });
});
