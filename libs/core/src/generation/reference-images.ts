import { ASSET_FILE_PATH, REFERENCE_IMAGE_MAX_BYTES, REFERENCE_IMAGE_MIME_TYPES, REFERENCE_IMAGES_MAX_COUNT } from '@brandloom/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { IMAGE_EXTENSIONS, sniffImageType } from '../storage/content-sniffing';
import { ImageTooLargeError, ImageVariants, UnsupportedImageError } from '../storage/image-variants';
import { getBuffer, STORAGE_DRIVER, StorageDriver, StorageNotFoundError } from '../storage/storage-driver';
import { contentTypeForKey, keyBelongsToOrganization, organizationScopedKey } from '../storage/storage-key';
import {
  InvalidReferenceImageError,
  PermanentGenerationError,
  ReferenceImageNotFoundError,
  ReferenceImageTooLargeError,
  ReferenceImageTypeError,
  TooManyReferenceImagesError,
} from './generation.errors';

/** A reference image as a request brings it: uploaded bytes, or text (a data URL, a storage key or its file URL). */
export type ReferenceImageInput = Buffer | string;

const DATA_URL = /^data:([a-z0-9.+/-]+)?(;[a-z0-9=.+-]+)*;base64,([A-Za-z0-9+/=\s]*)$/i;

interface CheckedUpload {
  buffer: Buffer;
  extension: string;
}

/**
 * Reference images of a generation. At request time every one is checked (PNG or JPEG by content,
 * at most 10 MB, every pixel decodable within the pixel limit, at most 4) before anything is stored or debited; uploads are
 * then stored under the organization's prefix, so that the job (maybe in another process) only
 * carries keys. Keys given by the client must be the organization's own stored files.
 */
@Injectable()
export class ReferenceImages {
  constructor(@Inject(STORAGE_DRIVER) private readonly storage: StorageDriver, private readonly images: ImageVariants) {}

  /** Validates and stores; returns the storage keys in the order given. */
  async prepare(organizationId: string, inputs: readonly ReferenceImageInput[]): Promise<string[]> {
    if (inputs.length > REFERENCE_IMAGES_MAX_COUNT) throw new TooManyReferenceImagesError();
    const checked: Array<CheckedUpload | { key: string }> = [];
    for (const input of inputs) {
      if (Buffer.isBuffer(input)) checked.push(await this.checkUpload(input));
      else if (typeof input === 'string' && input.trim().startsWith('data:')) checked.push(await this.checkUpload(decodeDataUrl(input.trim())));
      else checked.push({ key: await this.checkKey(organizationId, input) });
    }
    const keys: string[] = [];
    for (const item of checked) {
      if ('key' in item) {
        keys.push(item.key);
        continue;
      }
      const key = organizationScopedKey(organizationId, 'references', item.extension);
      await this.storage.put(key, item.buffer, item.extension === 'png' ? 'image/png' : 'image/jpeg');
      keys.push(key);
    }
    return keys;
  }

  /** The bytes for the provider; a vanished file fails the generation without retrying. */
  async load(keys: readonly string[]): Promise<Buffer[]> {
    return Promise.all(
      keys.map(async (key) => {
        try {
          return (await getBuffer(this.storage, key)).buffer;
        } catch (error) {
          if (error instanceof StorageNotFoundError) throw new PermanentGenerationError('A reference image is no longer available');
          throw error;
        }
      }),
    );
  }

  /** Removes stored uploads (a request that failed after storing them). Keys of existing assets are left alone. */
  async discardUploads(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.filter((key) => key.includes('/references/')).map((key) => this.storage.delete(key).catch(() => undefined)));
  }

  private async checkUpload(buffer: Buffer): Promise<CheckedUpload> {
    const type = sniffImageType(buffer);
    if (!type || !(REFERENCE_IMAGE_MIME_TYPES as readonly string[]).includes(type)) throw new ReferenceImageTypeError();
    if (buffer.length > REFERENCE_IMAGE_MAX_BYTES) throw new ReferenceImageTooLargeError();
    try {
      await this.images.verify(buffer);
    } catch (error) {
      if (error instanceof ImageTooLargeError) throw new ReferenceImageTooLargeError(`Reference image is too large: ${error.message}`);
      if (error instanceof UnsupportedImageError) throw new ReferenceImageTypeError('A reference image could not be read as a PNG or JPG image');
      throw error;
    }
    return { buffer, extension: IMAGE_EXTENSIONS[type] };
  }

  private async checkKey(organizationId: string, value: string): Promise<string> {
    if (typeof value !== 'string') throw new InvalidReferenceImageError();
    let key = value.trim();
    if (key.startsWith(ASSET_FILE_PATH)) {
      key = key.slice(ASSET_FILE_PATH.length).split(/[?#]/)[0];
      try {
        key = decodeURIComponent(key);
      } catch {
        throw new InvalidReferenceImageError();
      }
    }
    if (!keyBelongsToOrganization(key, organizationId)) throw new ReferenceImageNotFoundError();
    if (!(REFERENCE_IMAGE_MIME_TYPES as readonly string[]).includes(contentTypeForKey(key))) throw new ReferenceImageTypeError();
    if (!(await this.storage.exists(key))) throw new ReferenceImageNotFoundError();
    return key;
  }
}

/** The bytes of a base64 data URL; its declared type is ignored (the content is sniffed). */
function decodeDataUrl(value: string): Buffer {
  // Cheap bound before decoding: base64 is 4/3 of the bytes.
  if (value.length > Math.ceil((REFERENCE_IMAGE_MAX_BYTES * 4) / 3) + 200) throw new ReferenceImageTooLargeError();
  const match = DATA_URL.exec(value);
  if (!match) throw new InvalidReferenceImageError();
  const buffer = Buffer.from(match[3].replace(/\s+/g, ''), 'base64');
  if (buffer.length === 0) throw new InvalidReferenceImageError();
  return buffer;
}
