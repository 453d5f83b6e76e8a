/** Image limits of the spec (shell-accounts-money §5 and §9). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_SIDE = 600;
export const IMAGE_QUALITY = 0.5;
/** The spec's general file-size helper default, in MB. */
export const FILE_SIZE_LIMIT_MB = 15;

export type ImageProblem = 'imageTooBig' | 'invalidImage';

/**
 * Whether a file is within a size limit given in MB (1 MB = 1024 × 1024 bytes, as the spec's
 * "5M" is counted); the default is the spec's 15 MB.
 */
export function fileSizeLimit(file: { size: number }, limitMb: number = FILE_SIZE_LIMIT_MB): boolean {
  return file.size <= limitMb * 1024 * 1024;
}

/**
 * Why a picked file cannot be used, or null. Both checks only read metadata, so a 40 MB photo is refused
 * before anything decodes it (decoding a huge image can exhaust a phone's memory). The type is checked
 * first because "Invalid image" is the truer answer for a big PDF.
 */
export function checkImageFile(file: { size: number; type: string }): ImageProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'invalidImage';
  if (file.size > IMAGE_MAX_BYTES) return 'imageTooBig';
  return null;
}

/**
 * The size an image is drawn at so that its longer side is at most `maxSide`, keeping the aspect ratio.
 * Small images are never enlarged (that would only add bytes); sides are whole pixels, at least 1.
 */
export function scaleToFit(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const ratio = maxSide / longest;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

export interface CompressOptions {
  maxSide?: number;
  quality?: number;
}

/** The browser pieces compressImage needs; tests (jsdom has no canvas) pass stand-ins. */
export interface CompressDeps {
  decode: (file: Blob) => Promise<{ width: number; height: number; close?: () => void } & CanvasImageSource>;
  createCanvas: () => HTMLCanvasElement;
}

const browserDeps = (): CompressDeps => ({
  decode: (file) => createImageBitmap(file),
  createCanvas: () => document.createElement('canvas'),
});

/**
 * Re-encodes an image as JPEG with its longer side at most 600 px at quality 0.5 (the spec's upload
 * format). createImageBitmap honours the EXIF orientation of phone photos, which an <img> detour may not.
 * Rejects when the file cannot be decoded (a renamed non-image) or the canvas cannot encode.
 */
export async function compressImage(
  file: Blob,
  { maxSide = IMAGE_MAX_SIDE, quality = IMAGE_QUALITY }: CompressOptions = {},
  deps: CompressDeps = browserDeps(),
): Promise<Blob> {
  const bitmap = await deps.decode(file);
  try {
    const size = scaleToFit(bitmap.width, bitmap.height, maxSide);
    const canvas = deps.createCanvas();
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('canvas 2d context unavailable');
    // JPEG has no transparency: without a white ground, transparent PNG areas turn black
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('image encoding failed'))), 'image/jpeg', quality);
    });
  } finally {
    bitmap.close?.();
  }
}
