import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '../../testing';
import { ImagePicker } from './ImagePicker';

const MB = 1024 * 1024;

/** A File whose reported size is `size` without allocating it. */
function fakeFile(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const input = () => screen.getByLabelText(/choose image|change image|preparing image/i) as HTMLInputElement;

describe('ImagePicker', () => {
  const realCreate = URL.createObjectURL;
  const realRevoke = URL.revokeObjectURL;
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview-1');
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => {
    cleanup(); // unmount (revoking previews) while the stand-ins are still in place
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
  });

  it('accepts only JPEG, PNG and WebP and is labelled', () => {
    renderWithPlatform(<ImagePicker label="ID front" onPicked={jest.fn()} compress={jest.fn()} />);
    expect(input()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(input()).toHaveAccessibleName('ID front Choose image');
  });

  it('refuses a file above 5 MB before compressing it', async () => {
    const compress = jest.fn();
    const onPicked = jest.fn();
    renderWithPlatform(<ImagePicker onPicked={onPicked} compress={compress} />);
    await userEvent.upload(input(), fakeFile('big.jpg', 'image/jpeg', 5 * MB + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Image bigger than 5M');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(compress).not.toHaveBeenCalled();
    expect(onPicked).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a JPEG, PNG or WebP', async () => {
    const compress = jest.fn();
    renderWithPlatform(<ImagePicker onPicked={jest.fn()} compress={compress} />);
    // fireEvent, not userEvent.upload: userEvent would itself drop files that do not match accept
    fireEvent.change(input(), { target: { files: [fakeFile('doc.pdf', 'application/pdf', 1000)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid image');
    expect(compress).not.toHaveBeenCalled();
  });

  it('compresses the image, previews the result and hands it over', async () => {
    const compressed = new Blob(['small'], { type: 'image/jpeg' });
    let finish!: (blob: Blob) => void;
    const compress = jest.fn(() => new Promise<Blob>((resolve) => (finish = resolve)));
    const onPicked = jest.fn();
    const original = fakeFile('photo.png', 'image/png', 4 * MB);
    renderWithPlatform(<ImagePicker onPicked={onPicked} compress={compress} />);

    await userEvent.upload(input(), original);
    expect(compress).toHaveBeenCalledWith(original);
    expect(input()).toBeDisabled();
    expect(input()).toHaveAccessibleName('Image Preparing image…');

    await act(async () => finish(compressed));
    expect(onPicked).toHaveBeenCalledWith(compressed, original);
    expect(URL.createObjectURL).toHaveBeenCalledWith(compressed);
    expect(screen.getByRole('img', { name: 'Selected image' })).toHaveAttribute('src', 'blob:preview-1');
    expect(input()).toBeEnabled();
    expect(input()).toHaveAccessibleName('Image Change image');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reports an image that does not decode as invalid and clears the error on a good pick', async () => {
    const compress = jest.fn().mockRejectedValueOnce(new Error('decode')).mockResolvedValueOnce(new Blob(['ok']));
    const onPicked = jest.fn();
    renderWithPlatform(<ImagePicker onPicked={onPicked} compress={compress} />);
    await userEvent.upload(input(), fakeFile('fake.jpg', 'image/jpeg', 100));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid image');
    expect(onPicked).not.toHaveBeenCalled();

    await userEvent.upload(input(), fakeFile('real.jpg', 'image/jpeg', 100));
    expect(onPicked).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('releases its preview URLs when replaced and on unmount', async () => {
    (URL.createObjectURL as jest.Mock).mockReturnValueOnce('blob:a').mockReturnValueOnce('blob:b');
    const { unmount } = renderWithPlatform(<ImagePicker onPicked={jest.fn()} compress={async () => new Blob(['c'])} />);
    await userEvent.upload(input(), fakeFile('a.jpg', 'image/jpeg', 100));
    await userEvent.upload(input(), fakeFile('b.jpg', 'image/jpeg', 100));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:a');
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:b');
  });
});
