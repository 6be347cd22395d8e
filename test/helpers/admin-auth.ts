import crypto from 'crypto';
import type { Core } from '@strapi/strapi';

export const ADMIN_PASSWORD = 'Passw0rd!Passw0rd';

export interface AdminSession {
  token: string;
  email: string;
}

/** A permission given by its action uid alone, or with a subject (content-type actions need one). */
export type PermissionSpec = string | { action: string; subject?: string | null };

function uniqueEmail(prefix: string): string {
  return `${prefix}-${crypto.randomBytes(4).toString('hex')}@example.com`;
}

async function postJson(url: string, body: unknown): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

export async function loginAdmin(
  baseUrl: string,
  email: string,
  password = ADMIN_PASSWORD
): Promise<string> {
  const { data } = await postJson(`${baseUrl}/admin/login`, { email, password });
  return data.token;
}

/** Registers the first admin (the super admin) the way the admin panel does, then logs in. */
export async function createSuperAdmin(
  _strapi: Core.Strapi,
  baseUrl: string
): Promise<AdminSession> {
  const email = uniqueEmail('super');
  await postJson(`${baseUrl}/admin/register-admin`, {
    firstname: 'Super',
    lastname: 'Admin',
    email,
    password: ADMIN_PASSWORD,
  });
  return { email, token: await loginAdmin(baseUrl, email) };
}

/** Another super admin whose admin panel speaks French (its email and name as given). */
export async function createFrenchSuperAdmin(
  strapi: Core.Strapi,
  email: string,
  firstname: string
): Promise<void> {
  const superAdminRole = await strapi.service('admin::role').getSuperAdmin();
  await strapi.service('admin::user').create({
    firstname,
    lastname: 'Admin',
    email,
    password: ADMIN_PASSWORD,
    isActive: true,
    roles: [superAdminRole.id],
    preferedLanguage: 'fr',
  });
}

/** Creates a role holding exactly `actions`, a user in it, and logs that user in. */
export async function createAdminWithActions(
  strapi: Core.Strapi,
  baseUrl: string,
  actions: PermissionSpec[]
): Promise<AdminSession> {
  const roleService = strapi.service('admin::role');
  const userService = strapi.service('admin::user');

  const role = await roleService.create({
    name: `test-role-${crypto.randomBytes(4).toString('hex')}`,
    description: 'Created by the integration tests',
  });
  await roleService.assignPermissions(
    role.id,
    actions.map((spec) => (typeof spec === 'string' ? { action: spec } : spec))
  );

  const email = uniqueEmail('editor');
  await userService.create({
    firstname: 'Test',
    lastname: 'Editor',
    email,
    password: ADMIN_PASSWORD,
    isActive: true,
    roles: [role.id],
  });
  return { email, token: await loginAdmin(baseUrl, email) };
}
