import { checkImageFile, compressImage, fileSizeLimit, scaleToFit, IMAGE_MAX_BYTES, type CompressDeps } from './image';

const MB = 1024 * 1024;

describe('scaleToFit', () => {
  it('brings the longer side down to the maximum, keeping the ratio', () => {
    expect(scaleToFit(1200, 800, 600)).toEqual({ width: 600, height: 400 });
    expect(scaleToFit(300, 900, 600)).toEqual({ width: 200, height: 600 });
    expect(scaleToFit(4032, 3024, 600)).toEqual({ width: 600, height: 450 });
  });
  it('never enlarges a small image', () => {
    expect(scaleToFit(500, 300, 600)).toEqual({ width: 500, height: 300 });
    expect(scaleToFit(600, 600, 600)).toEqual({ width: 600, height: 600 });
  });
  it('keeps at least one pixel on a very thin image', () => {
    expect(scaleToFit(10000, 2, 600)).toEqual({ width: 600, height: 1 });
  });
});

describe('checkImageFile', () => {
  it('accepts JPEG, PNG and WebP up to exactly 5 MB', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: IMAGE_MAX_BYTES })).toBeNull();
    expect(checkImageFile({ type: 'image/png', size: 1 })).toBeNull();
    expect(checkImageFile({ type: 'image/webp', size: 1 })).toBeNull();
  });
  it('refuses a byte above 5 MB', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 5 * MB + 1 })).toBe('imageTooBig');
  });
  it('refuses other types, big or small', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe('invalidImage');
    expect(checkImageFile({ type: 'image/gif', size: 10 })).toBe('invalidImage');
    expect(checkImageFile({ type: '', size: 10 })).toBe('invalidImage');
    expect(checkImageFile({ type: 'application/pdf', size: 40 * MB })).toBe('invalidImage');
  });
});

describe('fileSizeLimit', () => {
  it('defaults to 15 MB', () => {
    expect(fileSizeLimit({ size: 15 * MB })).toBe(true);
    expect(fileSizeLimit({ size: 15 * MB + 1 })).toBe(false);
  });
  it('takes another limit in MB', () => {
    expect(fileSizeLimit({ size: 5 * MB + 1 }, 5)).toBe(false);
    expect(fileSizeLimit({ size: 2 * MB }, 5)).toBe(true);
  });
});

describe('compressImage', () => {
  /** A canvas stand-in recording what was drawn and how it was encoded. */
  function fakeDeps(width: number, height: number, encoded: Blob | null = new Blob(['jpeg'], { type: 'image/jpeg' })) {
    const calls = { drawn: [] as number[][], encoding: [] as unknown[], closed: 0, filled: [] as string[] };
    const context = {
      fillStyle: '',
      fillRect: () => calls.filled.push(context.fillStyle),
      drawImage: (_img: unknown, ...args: number[]) => calls.drawn.push(args),
    };
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => context,
      toBlob: (cb: (b: Blob | null) => void, type: string, quality: number) => {
        calls.encoding.push([type, quality, canvas.width, canvas.height]);
        cb(encoded);
      },
    };
    const deps: CompressDeps = {
      decode: async () => ({ width, height, close: () => void calls.closed++ }) as unknown as ImageBitmap,
      createCanvas: () => canvas as unknown as HTMLCanvasElement,
    };
    return { deps, calls };
  }

  it('draws at the scaled size on white and encodes JPEG at the given quality', async () => {
    const { deps, calls } = fakeDeps(1200, 800);
    const blob = await compressImage(new Blob(['x']), { maxSide: 600, quality: 0.5 }, deps);
    expect(blob.type).toBe('image/jpeg');
    expect(calls.drawn).toEqual([[0, 0, 600, 400]]);
    expect(calls.encoding).toEqual([['image/jpeg', 0.5, 600, 400]]);
    expect(calls.filled).toEqual(['#ffffff']);
    expect(calls.closed).toBe(1);
  });

  it('uses the spec defaults (600 px, quality 0.5)', async () => {
    const { deps, calls } = fakeDeps(300, 900);
    await compressImage(new Blob(['x']), undefined, deps);
    expect(calls.encoding).toEqual([['image/jpeg', 0.5, 200, 600]]);
  });

  it('rejects when the canvas cannot encode, still releasing the bitmap', async () => {
    const { deps, calls } = fakeDeps(100, 100, null);
    await expect(compressImage(new Blob(['x']), {}, deps)).rejects.toThrow('image encoding failed');
    expect(calls.closed).toBe(1);
  });

  it('rejects when the file does not decode', async () => {
    const deps: CompressDeps = { decode: () => Promise.reject(new Error('bad')), createCanvas: () => document.createElement('canvas') };
    await expect(compressImage(new Blob(['x']), {}, deps)).rejects.toThrow('bad');
  });
});
