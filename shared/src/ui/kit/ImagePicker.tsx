import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_SIDE, IMAGE_QUALITY, IMAGE_TYPES, checkImageFile, compressImage, type ImageProblem } from './image';
import { KIT_NAMESPACE } from './texts';
import styles from './kit.module.css';

export interface ImagePickerProps {
  /** Receives the compressed JPEG, ready for uploadImage, and the file it came from. */
  onPicked: (image: Blob, original: File) => void;
  label?: string;
  disabled?: boolean;
  /** Replaces the canvas compression; tests inject one because jsdom has no canvas. */
  compress?: (file: File) => Promise<Blob>;
  /** A preview to start with, e.g. an already uploaded document's URL. */
  initialPreview?: string;
}

const defaultCompress = (file: File) => compressImage(file, { maxSide: IMAGE_MAX_SIDE, quality: IMAGE_QUALITY });

/** Object URLs are missing in some test environments; without them there is simply no preview. */
const canPreview = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';

/**
 * Picks one image (JPEG, PNG or WebP), refuses files above 5 MB or of another type before any processing,
 * compresses the rest to 600 px at quality 0.5, shows a preview and hands the result to `onPicked`. The file
 * input itself stays in the tab order (visually hidden, not display:none) so keyboards can open the picker.
 */
export function ImagePicker({ onPicked, label, disabled, compress = defaultCompress, initialPreview }: ImagePickerProps) {
  const { t } = useTranslation(KIT_NAMESPACE);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | undefined>(initialPreview);
  const ownUrl = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (ownUrl.current) URL.revokeObjectURL(ownUrl.current);
    },
    [],
  );

  const showPreview = (blob: Blob) => {
    if (!canPreview()) return;
    if (ownUrl.current) URL.revokeObjectURL(ownUrl.current);
    ownUrl.current = URL.createObjectURL(blob);
    setPreview(ownUrl.current);
  };

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // clear the input so picking the same file again still fires change
    input.value = '';
    if (!file) return;
    const refused = checkImageFile(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    setBusy(true);
    let compressed: Blob;
    try {
      // the input is disabled while this runs, so no second pick can overtake it
      compressed = await compress(file);
    } catch {
      // the type said image but it would not decode (a renamed or damaged file)
      setProblem('invalidImage');
      return;
    } finally {
      setBusy(false);
    }
    showPreview(compressed);
    // outside the try: a failing onPicked is the caller's bug, not an invalid image
    onPicked(compressed, file);
  };

  return (
    <div className={styles.imagePicker}>
      <span className={styles.label} id={`${inputId}-label`}>
        {label ?? t('imageLabel')}
      </span>
      {preview ? <img className={styles.preview} src={preview} alt={t('imagePreview')} /> : null}
      <label className={[styles.pickButton, disabled || busy ? styles.pickButtonDisabled : ''].filter(Boolean).join(' ')}>
        <input
          id={inputId}
          className={styles.visuallyHidden}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          disabled={disabled || busy}
          aria-labelledby={`${inputId}-label ${inputId}-action`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => void onChange(event)}
        />
        <span id={`${inputId}-action`}>{busy ? t('preparingImage') : preview ? t('changeImage') : t('chooseImage')}</span>
      </label>
      {problem ? (
        <p id={errorId} className={styles.error} role="alert">
          {t(problem)}
        </p>
      ) : null}
    </div>
  );
}
