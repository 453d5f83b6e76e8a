import { IMAGE_MAX_SIDE, IMAGE_QUALITY, compressImage } from '@meridian/shared';

/** A document photo as uploaded: JPEG, longer side ≤ 600 px, quality 0.5 (spec §5). Tests replace it (jsdom has no canvas). */
export function compressLoanPhoto(file: File): Promise<Blob> {
  return compressImage(file, { maxSide: IMAGE_MAX_SIDE, quality: IMAGE_QUALITY });
}
