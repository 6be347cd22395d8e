/**
 * Files uploaded through Strapi's upload service, as the media library does it: the local provider
 * by default, or a provider that stores files elsewhere and returns absolute URLs (as S3 or
 * Cloudinary do), installed with the provider's documented `extend`.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import type { Core } from '@strapi/strapi';

/** A valid 1×1 PNG: the upload service reads images with sharp, so the bytes must be real. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
);

export interface UploadedFile {
  id: number;
  url: string;
  mime: string;
}

/** Writes the file to upload in a temporary folder, hands it to `upload`, then removes the folder. */
async function withFileData<T>(
  name: string,
  mime: string,
  upload: (file: {
    filepath: string;
    originalFilename: string;
    mimetype: string;
    size: number;
  }) => Promise<T>
): Promise<T> {
  const bytes = mime.startsWith('image/') ? PNG : Buffer.from(`%PDF-1.4\n% ${name}\n`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-upload-'));
  try {
    const filepath = path.join(dir, name);
    fs.writeFileSync(filepath, bytes);
    return await upload({ filepath, originalFilename: name, mimetype: mime, size: bytes.length });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const uploads = (strapi: Core.Strapi) => strapi.plugin('upload').service('upload');

export async function uploadFile(
  strapi: Core.Strapi,
  name: string,
  mime = 'image/png'
): Promise<UploadedFile> {
  const [file] = await withFileData(
    name,
    mime,
    (files) => uploads(strapi).upload({ data: {}, files }) as Promise<UploadedFile[]>
  );
  return file;
}

/** Replaces a file's content in place (same id, new URL), as the media library's "Replace media". */
export async function replaceFile(
  strapi: Core.Strapi,
  id: number,
  name: string
): Promise<UploadedFile> {
  return withFileData(name, 'image/png', (file) => uploads(strapi).replace(id, { data: {}, file }));
}

export async function deleteFile(strapi: Core.Strapi, id: number) {
  const file = await strapi.db.query('plugin::upload.file').findOne({ where: { id } });
  await uploads(strapi).remove(file);
}

/** A provider that keeps files on a CDN of its own: absolute URLs, like S3 or Cloudinary. */
export function useAbsoluteUrlProvider(strapi: Core.Strapi, base: string) {
  const place = (file: { hash: string; ext: string; url?: string }) => {
    file.url = `${base}/${file.hash}${file.ext}`;
  };
  strapi.plugin('upload').provider.extend({
    async uploadStream(file: { hash: string; ext: string; stream: AsyncIterable<unknown> }) {
      for await (const _chunk of file.stream) {
        // The bytes would go to the CDN; only the URL matters here.
      }
      place(file);
    },
    async upload(file: { hash: string; ext: string }) {
      place(file);
    },
    async replaceStream(file: { hash: string; ext: string; stream: AsyncIterable<unknown> }) {
      for await (const _chunk of file.stream) {
        // As uploadStream.
      }
      place(file);
    },
    async replace(file: { hash: string; ext: string }) {
      place(file);
    },
    async delete() {},
  });
}
