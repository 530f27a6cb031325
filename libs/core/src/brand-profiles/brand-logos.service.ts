import { assetFileUrl, isLogoVariant, BRAND_LOGO_MAX_DIMENSION, PROFILE_IMAGE_MAX_BYTES, type BrandLogoDto } from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { IMAGE_EXTENSIONS } from '../storage/content-sniffing';
import { ImageTooLargeError, ImageVariants, UnsupportedImageError } from '../storage/image-variants';
import { STORAGE_DRIVER, type StorageDriver } from '../storage/storage-driver';
import { organizationScopedKey } from '../storage/storage-key';
import { BrandLogoNotFoundError, BrandLogoTooLargeError, BrandLogoTypeError, BrandLogoVariantError } from './brand-profiles.errors';
import { BrandLogosRepository, type BrandLogoRow } from './brand-logos.repository';
import { BrandProfilesService } from './brand-profiles.service';

/** Logos are PNG, JPEG or WebP: raster images sharp decodes, whose pixels we can check (never SVG, never animated GIF). */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * The brand kit's logos: one per variant (default, light, dark) per profile. An upload is checked
 * like every other (type by its bytes, pixel bound, every pixel decoded), re-encoded without its
 * metadata at most BRAND_LOGO_MAX_DIMENSION on its longer side with its transparency kept, and
 * replaces the profile's logo of that variant (row and file).
 */
@Injectable()
export class BrandLogosService {
  private readonly logger = new Logger(BrandLogosService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly profiles: BrandProfilesService,
    private readonly logos: BrandLogosRepository,
    private readonly images: ImageVariants,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
  ) {}

  async upload(organizationId: string, brandProfileId: string, variant: unknown, file: Buffer): Promise<Omit<BrandLogoDto, 'width' | 'height'>> {
    const profile = await this.profiles.getForOrganization(organizationId, brandProfileId);
    if (!isLogoVariant(variant)) throw new BrandLogoVariantError();
    if (file.length > PROFILE_IMAGE_MAX_BYTES) throw new BrandLogoTooLargeError();
    const logo = await this.rendition(file);
    const key = organizationScopedKey(organizationId, 'brand-logos', IMAGE_EXTENSIONS[logo.contentType]);
    await this.storage.put(key, logo.buffer, logo.contentType);
    let replaced: string[] = [];
    let row: BrandLogoRow;
    try {
      row = await this.dataSource.transaction(async (m) => {
        await this.profiles.getForOrganization(organizationId, profile.id, m);
        await this.logos.lockVariant(profile.id, variant, m);
        replaced = await this.logos.deleteVariant(organizationId, profile.id, variant, m);
        return this.logos.insert(
          { organizationId, brandProfileId: profile.id, variant, s3Key: key, width: logo.width, height: logo.height, contentType: logo.contentType, fileSize: logo.buffer.length },
          m,
        );
      });
    } catch (error) {
      await this.removeFiles([key]);
      throw error;
    }
    await this.removeFiles(replaced);
    return { id: row.id, variant, url: assetFileUrl(row.s3_key) };
  }

  /** Removes the profile's logo of that variant (404 when it has none). */
  async remove(organizationId: string, brandProfileId: string, variant: unknown): Promise<void> {
    const profile = await this.profiles.getForOrganization(organizationId, brandProfileId);
    if (!isLogoVariant(variant)) throw new BrandLogoNotFoundError();
    const keys = await this.dataSource.transaction(async (m) => {
      await this.logos.lockVariant(profile.id, variant, m);
      return this.logos.deleteVariant(organizationId, profile.id, variant, m);
    });
    if (keys.length === 0) throw new BrandLogoNotFoundError();
    await this.removeFiles(keys);
  }

  /** Checks the upload and re-encodes it: PNG stays PNG, WebP stays WebP (both with their alpha), JPEG stays JPEG. */
  private async rendition(file: Buffer): Promise<{ buffer: Buffer; contentType: 'image/png' | 'image/jpeg' | 'image/webp'; width: number; height: number }> {
    let type: string;
    try {
      type = (await this.images.verify(file)).type;
    } catch (error) {
      if (error instanceof UnsupportedImageError) throw new BrandLogoTypeError();
      if (error instanceof ImageTooLargeError) throw new BrandLogoTooLargeError(`The logo has more than ${this.images.maxInputPixels} pixels`);
      throw error;
    }
    if (!LOGO_TYPES.has(type)) throw new BrandLogoTypeError();
    const contentType = type as 'image/png' | 'image/jpeg' | 'image/webp';
    const pipeline = sharp(file, { limitInputPixels: this.images.maxInputPixels, failOn: 'error', animated: false })
      .rotate()
      .resize(BRAND_LOGO_MAX_DIMENSION, BRAND_LOGO_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true });
    const encoded =
      contentType === 'image/png' ? pipeline.png({ compressionLevel: 9 }) : contentType === 'image/webp' ? pipeline.webp({ quality: 90, alphaQuality: 100 }) : pipeline.jpeg({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { buffer: data, contentType, width: info.width, height: info.height };
  }

  private async removeFiles(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.storage.delete(key).catch((error: Error) => this.logger.warn(`could not delete ${key}: ${error.message}`))));
  }
}
