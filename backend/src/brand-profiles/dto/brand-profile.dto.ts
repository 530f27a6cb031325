import type { CreateBrandProfileInput, UpdateBrandProfileInput } from '@brandloom/core';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsArray, IsObject, IsOptional, IsString, IsUUID } from 'class-validator';
import { v1Schema } from '../../openapi/v1-schemas';

// Field rules with the product's messages (name ≥ 2 characters, colours '#RRGGBB', default colours) are
// checked by BrandProfilesService, so that the same rules hold for every caller; these DTOs only
// fix which fields exist and their JSON types.

const BRAND_DATA_EXAMPLE = {
  colors: { primary: '#0066FF', secondary: '#111827', accent: '' },
  typography: { fontFamily: 'Inter, sans-serif', headingStyle: 'Bold geometric sans-serif' },
  visualStyle: { tone: 'Confident, Warm', imageStyle: 'Bright lifestyle photography' },
  brandPersonality: ['Trustworthy', 'Friendly'],
};

const OptionalDescription = () => applyDecorators(ApiPropertyOptional({ type: String, maxLength: 2000, nullable: true }), IsOptional());
/** brand_data, or `field` when a request may send it under another name. */
const OptionalBrandData = (field: string, description: string, example?: object) =>
  applyDecorators(ApiPropertyOptional({ allOf: [v1Schema('V1BrandData')], description, ...(example ? { example } : {}) }), IsOptional(), IsObject({ message: `${field} must be an object` }));
/** The profile form sends brand_data as brandData. */
const OptionalBrandDataAlias = () => OptionalBrandData('brandData', "The profile form's camelCase name for brand_data (either may be sent)");

/** POST /api/brand-profiles. */
export class CreateBrandProfileDto {
  @ApiProperty({ type: String, minLength: 2, maxLength: 200, example: 'Acme Coffee' })
  @Allow()
  name: unknown;

  @OptionalDescription()
  description?: unknown;

  @OptionalBrandData('brand_data', 'brand_data; missing colours get the defaults #0066FF / #111827 / empty accent', BRAND_DATA_EXAMPLE)
  brand_data?: Record<string, unknown>;

  @OptionalBrandDataAlias()
  brandData?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'brandDataId of an extraction whose profile was not created: its source images come along' })
  @IsOptional()
  @IsUUID('all', { message: 'brandDataId must be the id an extraction answered' })
  brandDataId?: string;
}

/** PATCH /api/brand-profiles/{id}: any of the fields. */
export class UpdateBrandProfileDto {
  @ApiPropertyOptional({ type: String, minLength: 2, maxLength: 200 })
  @IsOptional()
  name?: unknown;

  @OptionalDescription()
  description?: unknown;

  @OptionalBrandData('brand_data', 'Merged into the stored brand_data: colours, typography and visual style field by field, lists and metadata whole')
  brand_data?: Record<string, unknown>;

  @OptionalBrandDataAlias()
  brandData?: Record<string, unknown>;
}

/** What a create request asks of BrandProfilesService.create (brand_data under either name). */
export function newBrandProfileOf(dto: CreateBrandProfileDto): CreateBrandProfileInput {
  return { name: dto.name, description: dto.description, brandData: dto.brand_data ?? dto.brandData, brandDataId: dto.brandDataId ?? null };
}

/** What an update request asks of BrandProfilesService.update (brand_data under either name). */
export function brandProfileChangesOf(dto: UpdateBrandProfileDto): UpdateBrandProfileInput {
  return { name: dto.name, description: dto.description, brandData: dto.brand_data ?? dto.brandData };
}

/** POST /api/brand-profiles/extract. */
export class ExtractBrandDto {
  @ApiProperty({ description: '1 to 5 images, 10 MB in total: base64 image data URLs or http(s) URLs', type: [String] })
  @IsArray({ message: 'imageUrls must be a list of image URLs' })
  imageUrls: unknown[];

  @ApiPropertyOptional({ description: 'The files’ names, parallel to imageUrls (data URLs carry none): the default profile name', type: [String] })
  @IsOptional()
  @IsArray({ message: 'fileNames must be a list of file names' })
  @IsString({ each: true, message: 'fileNames must be a list of file names' })
  fileNames?: string[];
}

/** POST /api/brand-profiles/{id}/logos' form field beside the file (checked by BrandLogosService). */
export class UploadBrandLogoDto {
  @ApiProperty({ enum: ['default', 'light', 'dark'] })
  @Allow()
  variant: unknown;
}
